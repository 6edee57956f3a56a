import type { I18n } from "@lingui/core";
import { and, eq, isNotNull, isNull, max } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { checkins, rsvps } from "@worker/db/schema";
import { requireEventRole } from "@worker/domain/permissions";
import type { Bindings } from "@worker/env";
import type { ExportTable } from "@worker/lib/export-file";
import { i18nFor } from "@worker/lib/i18n";
import { GROUP_LABEL, groupOf, inGroup, matchesSearch, matchesTags, RSVP_STATUS_LABEL } from "@worker/shared/attendee-groups";
import { SOURCE_LOCALE } from "@worker/shared/locales";
import { formatDateTimeInZone, localDate } from "@worker/shared/time-zone";
import type { AttendeesExportQuery } from "./export.schema";
import { listAttendees } from "./rsvp.service";

/** The columns of export.schema.ts's ATTENDEE_EXPORT_HEADER as the catalog holds them: the file's header reads in the requester's language. */
const HEADER = [
  /*i18n*/ "Name",
  /*i18n*/ "E-mail",
  /*i18n*/ "Organisation",
  /*i18n*/ "Status",
  /*i18n*/ "Tags",
  /*i18n*/ "Group",
  /*i18n*/ "Checked in",
  /*i18n*/ "RSVP date",
] as const;

/**
 * The attendee list as the organisers' Attendees tab shows it for a group, a search and tags, one row per RSVP: name,
 * e-mail, organisation, status, tags, group, when they were last admitted (a check-in not undone) and when they last
 * answered, both on the experience's clock with its zone. Owner and hosts only. Its header, words and file name are in
 * the requester's language (`i18n`: the request's c.var.i18n).
 */
export async function exportAttendees(
  env: Bindings,
  db: Db,
  eventId: string,
  userId: string,
  query: AttendeesExportQuery,
  i18n: I18n = i18nFor(SOURCE_LOCALE),
): Promise<ExportTable> {
  const { event } = await requireEventRole(db, eventId, userId, ["owner", "host"]);
  const [attendees, answered, admitted] = await Promise.all([
    listAttendees(env, db, eventId, userId),
    db.select({ id: rsvps.id, createdAt: rsvps.createdAt, updatedAt: rsvps.updatedAt }).from(rsvps).where(eq(rsvps.eventId, eventId)),
    db
      .select({ rsvpId: checkins.rsvpId, at: max(checkins.scannedAt) })
      .from(checkins)
      .where(and(eq(checkins.eventId, eventId), isNull(checkins.undoneAt), isNotNull(checkins.rsvpId)))
      .groupBy(checkins.rsvpId),
  ]);
  const zone = event.timeZone;
  const when = (instant: Date | null | undefined) => (instant ? formatDateTimeInZone(instant.getTime(), zone, i18n) : "");
  const answeredAt = new Map(answered.map((row) => [row.id, row.updatedAt ?? row.createdAt]));
  const admittedAt = new Map(admitted.map((row) => [row.rsvpId, row.at]));
  const tags = new Set(query.tag);
  const rows = attendees
    .filter((a) => inGroup(query.group, a.status) && matchesSearch(a, query.search) && matchesTags(a, tags))
    .map(({ id, status, user }) => {
      const group = groupOf(status);
      return [
        [user.firstName, user.lastName].filter(Boolean).join(" "),
        user.emailId ?? "",
        user.organisation,
        i18n._(RSVP_STATUS_LABEL[status]),
        user.tags.join(", "),
        group ? i18n._(GROUP_LABEL[group]) : "",
        when(admittedAt.get(id)),
        when(answeredAt.get(id)),
      ];
    });
  return {
    name: i18n._("{name} attendees {date}", { name: event.name, date: localDate(Date.now(), zone) }),
    header: HEADER.map((column) => i18n._(column)),
    rows,
  };
}
