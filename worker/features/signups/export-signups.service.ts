import type { I18n } from "@lingui/core";
import { and, eq } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { activities, activitySignups, events, rsvps, users } from "@worker/db/schema";
import type { Bindings } from "@worker/env";
import type { ExportTable } from "@worker/lib/export-file";
import { formatDateTimeInZone, localDate } from "@worker/shared/time-zone";
import { listSignups } from "./list-signups.service";
import type { SignupPath } from "./signup-target";

/** The file's columns as the catalog holds them: its header reads in the requester's language. */
const HEADER = [
  /*i18n*/ "Name",
  /*i18n*/ "E-mail",
  /*i18n*/ "Organisation",
  /*i18n*/ "Status",
  /*i18n*/ "Waitlist position",
  /*i18n*/ "Signed up at",
  /*i18n*/ "Groups",
] as const;

const SIGNED_UP = /*i18n*/ "Signed up";
const WAITING = /*i18n*/ "Waiting";

/**
 * The organisers' list of an activity's sign-ups as a table, in its order (listSignups): who holds a place, then who
 * waits, by position; each with their name, e-mail, organisation, status, place in the queue, when they signed up (on
 * the experience's clock with its zone) and groups (the RSVP's tags). Owner and hosts only. Its header, words and file
 * name are in the requester's language (`i18n`: the request's c.var.i18n).
 */
export async function exportSignups(env: Bindings, db: Db, path: SignupPath, callerId: string, i18n: I18n): Promise<ExportTable> {
  const list = await listSignups(env, db, path, callerId);
  const [[event], [activity], profiles] = await db.batch([
    db.select({ timeZone: events.timeZone }).from(events).where(eq(events.id, path.eventId)),
    db.select({ name: activities.name }).from(activities).where(eq(activities.id, path.activityId)),
    db
      .select({ userId: activitySignups.userId, organisation: users.organisation, groups: rsvps.tags })
      .from(activitySignups)
      .innerJoin(users, eq(users.id, activitySignups.userId))
      .innerJoin(rsvps, and(eq(rsvps.eventId, activitySignups.eventId), eq(rsvps.userId, activitySignups.userId)))
      .where(eq(activitySignups.activityId, path.activityId)),
  ]);
  const zone = event!.timeZone;
  const profileOf = new Map(profiles.map((profile) => [profile.userId, profile]));
  const row = (listed: (typeof list.going)[number], status: string, position: number | "") => {
    const profile = profileOf.get(listed.person.guid);
    return [
      [listed.person.firstName, listed.person.lastName].filter(Boolean).join(" "),
      listed.emailId,
      profile?.organisation ?? "",
      status,
      position,
      formatDateTimeInZone(Date.parse(listed.signedUpAt), zone, i18n),
      profile?.groups.join(", ") ?? "",
    ];
  };
  return {
    name: i18n._("{activity} sign-ups {date}", { activity: activity!.name, date: localDate(Date.now(), zone) }),
    header: HEADER.map((column) => i18n._(column)),
    rows: [
      ...list.going.map((listed) => row(listed, i18n._(SIGNED_UP), "")),
      ...list.waiting.map((listed) => row(listed, i18n._(WAITING), listed.position)),
    ],
  };
}
