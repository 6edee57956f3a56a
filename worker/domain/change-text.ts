import type { I18n } from "@lingui/core";
import { i18nFor } from "@worker/lib/i18n";
import { SOURCE_LOCALE } from "@worker/shared/locales";
import { formatDate, formatDay, formatTime, localDate, zoneLabel } from "@worker/shared/time-zone";
import type { ChangeEntry, DateSpan, ZonedInstant } from "./change-log";

// How a change is told, in a digest e-mail, a push and 'What changed since you last looked': one line per subject and
// field, from its first old value to its last new one. The app speaks 12-hour clocks everywhere, and every time says
// its clock: 'Coach to Sintra: 09:00 AM → 08:30 AM Lisbon time'. Each line is worded in its reader's language (`i18n`).

/** A change-log row as the digests and the changes route read it: the entry as written, with who and when. */
export interface LoggedChange extends Omit<ChangeEntry, "urgent"> {
  seq: number;
  actorId: string | null;
  createdAt: Date;
}

const subjectKey = (row: LoggedChange) => `${row.subjectType}:${row.subjectId}`;
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The changes worth telling, oldest first: each subject's field folded from its first old value to its last new one
 * (a change reverted inside the window is dropped); an activity or day added and removed again is not mentioned; one
 * added is told once, where it ended up; one removed is only cancelled (its edits before are dropped); an end that
 * moved with its start is told once, with the start; the activities of a day removed are told by the day's line.
 */
export function foldChanges<Row extends LoggedChange>(rows: Row[]): Row[] {
  const daysRemoved = new Set(rows.filter((row) => row.subjectType === "day" && row.field === "removed").map((row) => row.subjectId));
  const ordered = [...rows]
    .filter((row) => !(row.subjectType === "activity" && row.programId && daysRemoved.has(row.programId)))
    .sort((a, b) => a.seq - b.seq);
  const added = new Set(ordered.filter((row) => row.field === "added").map(subjectKey));
  const removed = new Set(ordered.filter((row) => row.field === "removed").map(subjectKey));
  const groups = new Map<string, Row>();
  for (const row of ordered) {
    const key = subjectKey(row);
    const timed = row.subjectType === "activity" || row.subjectType === "day";
    if (added.has(key) && removed.has(key) && timed) continue;
    if (removed.has(key) && row.field !== "removed" && row.subjectType !== "bulletin") continue;
    const addition = groups.get(`${key}:added`);
    if (added.has(key) && timed && row.field !== "added") {
      // Moved after it was added: the 'New' line says where it starts now.
      if (addition && row.field === "start") groups.set(`${key}:added`, { ...addition, newValue: row.newValue });
      continue;
    }
    // Decisions and comments are events, not values: each one is told.
    const groupKey = row.kind === "itinerary" ? `${key}:${row.field}` : `${row.seq}`;
    const first = groups.get(groupKey);
    groups.set(groupKey, first ? { ...row, seq: first.seq, oldValue: first.oldValue } : row);
  }
  // A value folded back to where it was says nothing; a request, a decision or a comment always says something.
  const folded = [...groups.values()].filter(
    (row) => row.kind !== "itinerary" || row.field === "added" || row.field === "removed" || !same(row.oldValue, row.newValue),
  );
  return folded.filter((row) => !(row.field === "end" && movedWithStart(row, folded))).sort((a, b) => a.seq - b.seq);
}

/** An activity's end that moved by as much as its start: the start's line says it. */
export function movedWithStart(end: LoggedChange, rows: LoggedChange[]): boolean {
  const start = rows.find((row) => row.field === "start" && row.subjectId === end.subjectId && row.subjectType === end.subjectType);
  if (!start) return false;
  const shift = (row: LoggedChange) => {
    const [from, to] = [row.oldValue as ZonedInstant | null, row.newValue as ZonedInstant | null];
    return from && to ? Date.parse(to.at) - Date.parse(from.at) : NaN;
  };
  return shift(start) === shift(end);
}

// Every date, time and zone below is in the reader's formats too (`i18n` is time-zone.ts's `lang`).

/** '09:00 AM', with the day when the two moments fall on different days: 'Wed, Mar 13, 09:00 AM'. */
function moment(i18n: I18n, value: ZonedInstant, withDay: boolean): string {
  const instant = Date.parse(value.at);
  const time = formatTime(instant, value.timeZone, i18n);
  return withDay ? i18n._("{date}, {time}", { date: formatDay(localDate(instant, value.timeZone), i18n), time }) : time;
}

/** 'Wed, Mar 13, 09:00 AM WET': a moment on its own. */
const when = (i18n: I18n, value: ZonedInstant) => `${moment(i18n, value, true)} ${zoneLabel(Date.parse(value.at), value.timeZone, i18n)}`;

/** '09:00 AM → 08:30 AM WET': one label when both clocks read alike, each its own otherwise (the arrow as the language points it). */
function timeChange(i18n: I18n, from: ZonedInstant, to: ZonedInstant): string {
  const [a, b] = [Date.parse(from.at), Date.parse(to.at)];
  const withDay = localDate(a, from.timeZone) !== localDate(b, to.timeZone);
  const [labelA, labelB] = [zoneLabel(a, from.timeZone, i18n), zoneLabel(b, to.timeZone, i18n)];
  const [start, end] = [moment(i18n, from, withDay), moment(i18n, to, withDay)];
  if (labelA === labelB) return i18n._("{from} → {to} {zone}", { from: start, to: end, zone: labelB });
  return i18n._("{from} {fromZone} → {to} {toZone}", { from: start, fromZone: labelA, to: end, toZone: labelB });
}

const span = (i18n: I18n, value: DateSpan) =>
  value.start === value.end
    ? formatDate(value.start, i18n)
    : i18n._("{start} – {end}", { start: formatDate(value.start, i18n), end: formatDate(value.end, i18n) });

const SETTING_NAMES = {
  privacy: /*i18n*/ "Privacy",
  rsvpType: /*i18n*/ "How people join",
  capacity: /*i18n*/ "Capacity",
} as const;
const SETTING_WORDS: Record<string, string> = {
  PUBLIC: /*i18n*/ "Public",
  PRIVATE: /*i18n*/ "Private",
  OPEN: /*i18n*/ "Open",
  OPEN_INVITE: /*i18n*/ "Request to join",
  INVITE_ONLY: /*i18n*/ "Invite only",
};

const english = () => i18nFor(SOURCE_LOCALE);

/** What a sign-up's change-log row holds of it (worker/features/signups/signup-log.ts). */
export interface SignupTold {
  guest: string;
  status: "IN" | "WAITING";
  position: number | null;
}

const ATTENDANCE_WORDS: Record<string, string> = {
  EVERYONE: /*i18n*/ "Every guest attends",
  SIGNUP: /*i18n*/ "Guests sign up",
};

/** An activity's attendance in the organiser's words. */
export const attendanceText = (i18n: I18n, value: unknown) => i18n._(ATTENDANCE_WORDS[value as string] ?? ATTENDANCE_WORDS.EVERYONE!);

/** A setting's value in the organiser's words ('Request to join', 'No limit'), never the enum. */
export function settingText(field: keyof typeof SETTING_NAMES, value: unknown, i18n: I18n = english()): string {
  if (field === "capacity") return value == null ? i18n._("No limit") : String(value as number);
  const word = SETTING_WORDS[value as string];
  return word ? i18n._(word) : String(value);
}

/** One change in words, in English (the tests' and the logs' wording): describeChangeIn words it for a reader. */
export const describeChange = (row: LoggedChange): string => describeChangeIn(english(), row);

/** One change in words, for whoever it is told to (a decision is told to the person it is about), in their language. */
export function describeChangeIn(i18n: I18n, row: LoggedChange): string {
  const { label } = row;
  const [from, to] = [row.oldValue, row.newValue];
  switch (row.field) {
    case "start":
      return i18n._("{label}: {change}", { label, change: timeChange(i18n, from as ZonedInstant, to as ZonedInstant) });
    case "end":
      return i18n._("{label} ends: {change}", { label, change: timeChange(i18n, from as ZonedInstant, to as ZonedInstant) });
    case "location":
      if (row.subjectType === "experience")
        return i18n._("Venue: {from} → {to}", {
          from: (from as string | null) ?? i18n._("none"),
          to: (to as string | null) ?? i18n._("none"),
        });
      return i18n._("{label}: {from} → {to}", {
        label,
        from: (from as string | null) ?? i18n._("no place"),
        to: (to as string | null) ?? i18n._("no place"),
      });
    case "timeZone":
      return i18n._("{label}: now on {zone}", { label, zone: zoneLabel(Date.now(), to as string, i18n) });
    case "added":
      if (row.subjectType === "day") return i18n._("New day: {label} ({day})", { label, day: formatDay(to as string, i18n) });
      return to ? i18n._("New: {label}, {when}", { label, when: when(i18n, to as ZonedInstant) }) : i18n._("New: {label}", { label });
    case "removed":
      if (row.subjectType === "day") return i18n._("Day removed: {label} ({day})", { label, day: formatDay(from as string, i18n) });
      return from
        ? i18n._("Cancelled: {label} ({when})", { label, when: when(i18n, from as ZonedInstant) })
        : i18n._("Cancelled: {label}", { label });
    case "dates":
      return i18n._("Dates: {from} → {to}", { from: span(i18n, from as DateSpan), to: span(i18n, to as DateSpan) });
    case "posted":
      return i18n._("Bulletin: {label}", { label });
    case "requested":
      return i18n._("{label} asked to join", { label });
    case "approved":
      return i18n._("Your request to join was approved");
    case "rejected":
      return i18n._("Your request to join was declined");
    case "removedGuest":
      return i18n._("You were removed from the guest list");
    case "waitlisted":
      return i18n._("Your request to join was approved; the experience is full, so you're on the waitlist");
    case "promoted":
      if (row.subjectType === "activity") return i18n._("A place freed up in {label}: you're signed up", { label });
      return i18n._("A place freed up: you're going");
    case "madeHost":
      return i18n._("You are now a host");
    case "signedUp":
      return (to as SignupTold).status === "WAITING"
        ? i18n._("You're on the waitlist for {label}", { label })
        : i18n._("You're signed up for {label}", { label });
    case "leftActivity":
      return i18n._("You were taken off {label}", { label });
    case "waitlistMoved":
      return i18n._("{guest} moved to #{position} on the waitlist for {label}", { label, ...(to as SignupTold) });
    case "attendance":
      return i18n._("{label}: {from} → {to}", { label, from: attendanceText(i18n, from), to: attendanceText(i18n, to) });
    case "groups":
      return to ? i18n._("{label}: only for {groups}", { label, groups: to as string }) : i18n._("{label}: for every guest", { label });
    case "signupOpens":
      return to
        ? i18n._("{label}: signing up opens {when}", { label, when: when(i18n, to as ZonedInstant) })
        : i18n._("{label}: signing up is open until it closes", { label });
    case "signupCloses":
      return to
        ? i18n._("{label}: signing up closes {when}", { label, when: when(i18n, to as ZonedInstant) })
        : i18n._("{label}: signing up closes when it starts", { label });
    case "commented":
      return i18n._("{label} commented on your post: “{text}”", { label, text: (to as { text: string }).text });
    case "name":
      return i18n._("Renamed: “{from}” → “{to}”", { from: from as string, to: to as string });
    case "subtitle":
      return i18n._("{label}: subtitle changed", { label });
    case "description":
      return i18n._("{label}: description changed", { label });
    case "image":
      return row.subjectType === "experience" ? i18n._("Cover image changed") : i18n._("{label}: picture changed", { label });
    case "privacy":
    case "rsvpType":
    case "capacity":
      if (row.subjectType === "activity")
        return i18n._("{label}: places {from} → {to}", {
          label,
          from: settingText("capacity", from, i18n),
          to: settingText("capacity", to, i18n),
        });
      return i18n._("{setting}: {from} → {to}", {
        setting: i18n._(SETTING_NAMES[row.field]),
        from: settingText(row.field, from, i18n),
        to: settingText(row.field, to, i18n),
      });
    case "reported": {
      const { text, reason } = to as { text: string; reason: string };
      const values = { label, text, reason };
      if (row.subjectType === "comment")
        return text
          ? i18n._("{label} reported a comment (“{text}”): {reason}", values)
          : i18n._("{label} reported a comment: {reason}", values);
      return text ? i18n._("{label} reported a post (“{text}”): {reason}", values) : i18n._("{label} reported a post: {reason}", values);
    }
  }
}
