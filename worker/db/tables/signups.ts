import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { SIGNUP_STATUS_VALUES } from "@worker/shared/signup.schema";
import { userRef } from "./accounts";
import { createdAt } from "./columns";
import { activities, eventRef } from "./experiences";

// ── A programme per guest (docs/programme.md) ─────────────────────────────────

/**
 * A guest's place in a sign-up activity: IN (one of its `capacity` places) or WAITING (in its queue, lowest rank first;
 * gaps allowed, positions are counted when read). Freed places go to the first waiting by migrations/0021's triggers;
 * a guest who leaves the experience (RSVP no longer YES) leaves its activities there too.
 */
export const activitySignups = sqliteTable(
  "activity_signups",
  {
    id: text("id").primaryKey(),
    eventId: eventRef(),
    activityId: text("activity_id")
      .notNull()
      .references(() => activities.id, { onDelete: "cascade" }),
    userId: userRef(),
    status: text("status", { enum: SIGNUP_STATUS_VALUES }).notNull(),
    waitlistRank: integer("waitlist_rank"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("activity_signups_person_unique").on(t.activityId, t.userId),
    index("activity_signups_activity_idx").on(t.activityId, t.status, t.waitlistRank),
    index("activity_signups_event_user_idx").on(t.eventId, t.userId),
  ],
);
