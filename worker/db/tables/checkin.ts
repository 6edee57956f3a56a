import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./accounts";
import { createdAt } from "./columns";
import { activities, events, programs, eventRef } from "./experiences";
import { rsvps } from "./guests";

// ── Check-in (docs/checkin.md) ────────────────────────────────────────────────

/**
 * The key an experience's passes are signed with (ES256). The private JWK is stored encrypted under JWT_SECRET
 * (worker/shared/pass-token.ts); organisers' scanners get the public JWK with the check-in sheet and verify offline.
 */
export const passKeys = sqliteTable("pass_keys", {
  eventId: text("event_id")
    .primaryKey()
    .references(() => events.id, { onDelete: "cascade" }),
  kid: text("kid").notNull(),
  /** A compact JWE (dir, A256GCM) of the private JWK. */
  privateKey: text("private_key").notNull(),
  publicJwk: text("public_jwk", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
});

export const PASS_REVOKED_REASONS = ["REISSUED", "LEFT"] as const;

/**
 * Passes, one current (not revoked) per RSVP at most. Revoked when the organiser reissues one (REISSUED) or, by the
 * triggers of migrations/0012, whenever the RSVP leaves YES or is deleted (LEFT): every path that changes an RSVP
 * revokes its pass in the same statement, whichever route made it. A revoked pass is kept: scanners are told.
 */
export const passes = sqliteTable(
  "passes",
  {
    serial: text("serial").primaryKey(),
    eventId: eventRef(),
    rsvpId: text("rsvp_id").references(() => rsvps.id, { onDelete: "set null" }),
    issuedAt: integer("issued_at", { mode: "timestamp_ms" }).notNull(),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
    revokedReason: text("revoked_reason", { enum: PASS_REVOKED_REASONS }),
    /** When the 'Your pass' e-mail went out for this pass; null: never. */
    mailedAt: integer("mailed_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("passes_current_unique")
      .on(t.rsvpId)
      .where(sql`${t.revokedAt} is null`),
    index("passes_event_idx").on(t.eventId),
  ],
);

/**
 * Where guests are checked in: the whole experience (the default list, whose id is the experience's), a day or an
 * activity (a dinner, a coach), each with an optional window and re-entry on or off.
 */
export const checkinLists = sqliteTable(
  "checkin_lists",
  {
    id: text("id").primaryKey(),
    eventId: eventRef(),
    name: text("name").notNull(),
    dayId: text("day_id").references(() => programs.id, { onDelete: "set null" }),
    activityId: text("activity_id").references(() => activities.id, { onDelete: "set null" }),
    opensAt: integer("opens_at", { mode: "timestamp_ms" }),
    closesAt: integer("closes_at", { mode: "timestamp_ms" }),
    reentry: integer("reentry", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("checkin_lists_event_idx").on(t.eventId)],
);

/**
 * Every admission, online or uploaded from an offline scanner. A nonce is counted once per experience; two devices that
 * admitted the same pass offline are both kept, the later flagged as a double admission. Undone, not deleted.
 */
export const checkins = sqliteTable(
  "checkins",
  {
    id: text("id").primaryKey(),
    eventId: eventRef(),
    listId: text("list_id")
      .notNull()
      .references(() => checkinLists.id, { onDelete: "cascade" }),
    passSerial: text("pass_serial").notNull(),
    rsvpId: text("rsvp_id").references(() => rsvps.id, { onDelete: "set null" }),
    nonce: text("nonce").notNull(),
    scannedAt: integer("scanned_at", { mode: "timestamp_ms" }).notNull(),
    /** The scanner's name, as its organiser set it ('Gate 2'). */
    device: text("device").notNull(),
    byUserId: text("by_user_id").references(() => users.id, { onDelete: "set null" }),
    /** The organiser's name when they scanned: the row reads alone. */
    byName: text("by_name").notNull(),
    offline: integer("offline", { mode: "boolean" }).notNull().default(false),
    doubleAdmission: integer("double_admission", { mode: "boolean" }).notNull().default(false),
    undoneAt: integer("undone_at", { mode: "timestamp_ms" }),
    undoneById: text("undone_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("checkins_event_nonce_unique").on(t.eventId, t.nonce), index("checkins_list_pass_idx").on(t.listId, t.passSerial)],
);
