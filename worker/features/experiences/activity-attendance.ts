import { activities } from "@worker/db/schema";
import { badRequest } from "@worker/lib/errors";
import { distinctTags } from "@worker/shared/attendee-groups";
import { SIGNUP_MESSAGES, type Attendance } from "@worker/shared/signup.schema";
import type { ActivityRow } from "./itinerary-views";

// An activity's attendance, places, sign-up window and groups as its editor changes them (docs/programme.md).

export interface AttendanceInput {
  attendance?: Attendance;
  capacity?: number | null;
  signupOpensAt?: string | null;
  signupClosesAt?: string | null;
  groups?: string[];
}

type AttendanceColumns = Partial<
  Pick<typeof activities.$inferInsert, "attendance" | "capacity" | "signupOpensAt" | "signupClosesAt" | "groups">
>;

const instant = (value: string | null | undefined) => (value === undefined ? undefined : value === null ? null : new Date(value));

/**
 * The columns an edit sets (only those sent), checked against the activity as it will be: signing up opens before it
 * closes, and closes by the activity's start (`startTime`, the new one when the edit moves it).
 */
export function attendanceChange(row: ActivityRow, input: AttendanceInput, startTime: Date): AttendanceColumns {
  const opens = instant(input.signupOpensAt);
  const closes = instant(input.signupClosesAt);
  const opensAt = opens !== undefined ? opens : row.signupOpensAt;
  const closesAt = (closes !== undefined ? closes : row.signupClosesAt) ?? startTime;
  const attendance = input.attendance ?? row.attendance;
  if (attendance === "SIGNUP" && (opens !== undefined || closes !== undefined || input.attendance === "SIGNUP")) {
    if (closesAt.getTime() > startTime.getTime()) throw badRequest(SIGNUP_MESSAGES.closesAfterStart);
    if (opensAt && opensAt.getTime() >= closesAt.getTime()) throw badRequest(SIGNUP_MESSAGES.window);
  }
  return {
    ...(input.attendance !== undefined ? { attendance: input.attendance } : {}),
    ...(input.capacity !== undefined ? { capacity: input.capacity } : {}),
    ...(opens !== undefined ? { signupOpensAt: opens } : {}),
    ...(closes !== undefined ? { signupClosesAt: closes } : {}),
    ...(input.groups !== undefined ? { groups: distinctTags(input.groups) } : {}),
  };
}

const has = <K extends string>(columns: object, key: K): columns is Record<K, unknown> => key in columns;

/**
 * The attendance columns as the History panel compares and tells them (worker/domain/edit-log.ts): only those present in
 * `columns` (an edit's, or the whole row before it), the window as moments on the activity's clock (`timeZone`), the
 * groups as one line ('VIP, Speaker'; null: every guest).
 */
export function attendanceLogged(columns: AttendanceColumns, timeZone: string) {
  const moment = (value: Date | null | undefined) => (value ? { at: value.toISOString(), timeZone } : null);
  return {
    ...(has(columns, "attendance") ? { attendance: columns.attendance } : {}),
    ...(has(columns, "capacity") ? { capacity: columns.capacity ?? null } : {}),
    ...(has(columns, "groups") ? { groups: columns.groups?.join(", ") || null } : {}),
    ...(has(columns, "signupOpensAt") ? { signupOpens: moment(columns.signupOpensAt) } : {}),
    ...(has(columns, "signupClosesAt") ? { signupCloses: moment(columns.signupClosesAt) } : {}),
  };
}
