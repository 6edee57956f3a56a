import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ATTENDANCE_VALUES } from "@worker/shared/signup.schema";
import { PRIVACY_VALUES, RSVP_TYPE_VALUES } from "@worker/shared/views.schema";
import { users, userRef } from "./accounts";
import { createdAt, type ImageRef, type Location } from "./columns";

// ── Experiences and their itinerary ───────────────────────────────────────────

/** What an experience, a day and an activity are called and say of themselves. */
const titled = () => ({
  name: text("name").notNull(),
  subtitle: text("subtitle").notNull().default(""),
  description: text("description").notNull().default(""),
});

export const events = sqliteTable(
  "events",
  {
    id: text("id").primaryKey(),
    // RESTRICT: an account that still owns experiences cannot vanish and take them along.
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    ...titled(),
    image: text("image", { mode: "json" }).$type<ImageRef>(),
    privacy: text("privacy", { enum: PRIVACY_VALUES }).notNull().default("PUBLIC"),
    rsvpType: text("rsvp_type", { enum: RSVP_TYPE_VALUES }).notNull().default("OPEN_INVITE"),
    startTime: integer("start_time", { mode: "timestamp_ms" }).notNull(),
    endTime: integer("end_time", { mode: "timestamp_ms" }).notNull(),
    /** The IANA zone its days and times are read in (shared/time-zone.ts); rows from before zones existed are UTC. */
    timeZone: text("time_zone").notNull().default("UTC"),
    /** What people without an account read it in: an invitation to a new address, a crawler's share page (docs/languages.md). */
    language: text("language").notNull().default("en"),
    /** How many may attend (RSVP YES); null: no limit. When full, joins and approvals go to the waitlist (docs/waitlist.md). */
    capacity: integer("capacity"),
    /** Where it happens (docs/venue.md): free text or a place from the places search, like an activity's location. */
    venue: text("venue", { mode: "json" }).$type<Location>(),
    // The optimistic lock of itinerary writes: read with the state a write depends on, checked and bumped in the
    // write's D1 batch (lib/itinerary/experience-write.ts; the guard view is in migrations/0001_experience_write_guard.sql).
    version: integer("version").notNull().default(1),
    /** When a host last sent the pending invitations a reminder: at most once a day per experience. */
    remindedAt: integer("reminded_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("events_owner_idx").on(t.ownerId), index("events_start_idx").on(t.startTime)],
);

/** The experience a row belongs to: deleting the experience deletes the row. */
export const eventRef = () =>
  text("event_id")
    .notNull()
    .references(() => events.id, { onDelete: "cascade" });

export const eventHosts = sqliteTable(
  "event_hosts",
  {
    eventId: eventRef(),
    userId: userRef(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index("event_hosts_user_idx").on(t.userId)],
);

export const programs = sqliteTable(
  "programs",
  {
    id: text("id").primaryKey(),
    eventId: eventRef(),
    date: text("date").notNull(), // YYYY-MM-DD, a local date in the experience's zone
    dayIndex: integer("day_index").notNull(),
    ...titled(),
    image: text("image", { mode: "json" }).$type<ImageRef>(),
    createdAt: createdAt(),
  },
  (t) => [index("programs_event_idx").on(t.eventId, t.dayIndex)],
);

export const activities = sqliteTable(
  "activities",
  {
    id: text("id").primaryKey(),
    eventId: eventRef(),
    programId: text("program_id")
      .notNull()
      .references(() => programs.id, { onDelete: "cascade" }),
    ...titled(),
    location: text("location", { mode: "json" }).$type<Location>(),
    startTime: integer("start_time", { mode: "timestamp_ms" }).notNull(),
    endTime: integer("end_time", { mode: "timestamp_ms" }).notNull(),
    /** Its own IANA zone (a flight landing elsewhere); null follows the experience's. */
    timeZone: text("time_zone"),
    image: text("image", { mode: "json" }).$type<ImageRef>(),
    /** EVERYONE: every guest attends; SIGNUP: guests sign up, up to `capacity`, then wait (docs/programme.md). */
    attendance: text("attendance", { enum: ATTENDANCE_VALUES }).notNull().default("EVERYONE"),
    /** How many may sign up; null: no limit. Only a SIGNUP activity uses it. */
    capacity: integer("capacity"),
    /** When sign-up opens (null: at once) and closes (null: at the activity's start). */
    signupOpensAt: integer("signup_opens_at", { mode: "timestamp_ms" }),
    signupClosesAt: integer("signup_closes_at", { mode: "timestamp_ms" }),
    /** The attendee groups (RSVP tags) it is shown to; empty: every guest. Organisers always see it. */
    groups: text("groups", { mode: "json" }).$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index("activities_program_idx").on(t.programId, t.startTime), index("activities_event_idx").on(t.eventId)],
);
