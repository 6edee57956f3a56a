import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { RSVP_STATUS_VALUES } from "@worker/shared/views.schema";
import { users } from "./accounts";
import { createdAt } from "./columns";
import { eventRef } from "./experiences";

// ── Guests ────────────────────────────────────────────────────────────────────

export const rsvps = sqliteTable(
  "rsvps",
  {
    id: text("id").primaryKey(),
    eventId: eventRef(),
    // An invite by e-mail may precede the account; it is attached to the user on sign-up.
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    status: text("status", { enum: RSVP_STATUS_VALUES }).notNull(),
    onboardStatus: text("onboard_status"),
    // What the organiser's invitation said about the person (a spreadsheet's name and tag columns): the name
    // stands in until the invitee has an account; the tags are this experience's labels for them.
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    tags: text("tags", { mode: "json" }).$type<string[]>().notNull().default([]),
    remindedAt: integer("reminded_at", { mode: "timestamp_ms" }),
    /** A WAITLISTED RSVP's place in the queue, lowest first (gaps allowed: positions are counted when read); null otherwise. */
    waitlistRank: integer("waitlist_rank"),
    invitedById: text("invited_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("rsvps_event_email_unique").on(t.eventId, t.email),
    index("rsvps_event_status_idx").on(t.eventId, t.status),
    index("rsvps_user_idx").on(t.userId),
    index("rsvps_event_waitlist_idx").on(t.eventId, t.waitlistRank),
  ],
);
