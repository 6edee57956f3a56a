import { and, count, desc, eq, or, sql, type AnyColumn } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { activities, events } from "@worker/db/schema";
import { openToSql } from "@worker/domain/activity-audience";
import { GUEST_STATUSES } from "@worker/domain/permissions";
import type { Bindings } from "@worker/env";
import { imageView } from "@worker/lib/files";
import type { ActivitySearchInput, ActivitySearchResult } from "./search.schema";

/** Events the user may see: public ones, and those they own, host or are a guest of. */
const visibleTo = (userId: string) =>
  or(
    eq(events.privacy, "PUBLIC"),
    eq(events.ownerId, userId),
    sql`exists(select 1 from event_hosts h where h.event_id = ${events.id} and h.user_id = ${userId})`,
    sql`exists(select 1 from rsvps r where r.event_id = ${events.id} and r.user_id = ${userId} and r.status in (${sql.join(
      GUEST_STATUSES.map((s) => sql`${s}`),
      sql`, `,
    )}))`,
  );

// Not LIKE: D1 refuses a LIKE pattern past 50 bytes ("LIKE or GLOB pattern too complex"), and its % and _ are wildcards.
// instr matches the text as typed, whatever its length, case-insensitively for ASCII as LIKE did.
const contains = (column: AnyColumn, text: string) => sql`instr(lower(${column}), lower(${text})) > 0`;

/**
 * Activities to reuse as templates, newest first, from every experience the caller may see: each template once. An
 * activity with the same name, subtitle, description and place as a newer one (a clone's copy, a yearly repeat) is
 * the same template, shown as its newest.
 */
export async function searchActivities(env: Bindings, db: Db, userId: string, input: ActivitySearchInput): Promise<ActivitySearchResult> {
  const where = and(
    visibleTo(userId),
    openToSql(userId),
    or(contains(activities.name, input.q), contains(activities.subtitle, input.q), contains(activities.description, input.q)),
  );
  const matches = db.$with("matches").as(
    db
      .select({
        id: activities.id,
        name: activities.name,
        subtitle: activities.subtitle,
        description: activities.description,
        location: activities.location,
        image: activities.image,
        startTime: activities.startTime,
        endTime: activities.endTime,
        createdAt: activities.createdAt,
        timeZone: sql<string>`coalesce(${activities.timeZone}, ${events.timeZone})`.as("effective_time_zone"),
        copy: sql<number>`row_number() over (
          partition by ${activities.name}, ${activities.subtitle}, ${activities.description}, coalesce(${activities.location}, '')
          order by ${activities.createdAt} desc, ${activities.id} desc)`.as("copy"),
      })
      .from(activities)
      .innerJoin(events, eq(events.id, activities.eventId))
      .where(where),
  );
  const [[counted], rows] = await db.batch([
    db.with(matches).select({ total: count() }).from(matches).where(eq(matches.copy, 1)),
    db
      .with(matches)
      .select()
      .from(matches)
      .where(eq(matches.copy, 1))
      .orderBy(desc(matches.createdAt), desc(matches.id))
      .limit(input.l)
      .offset((input.p - 1) * input.l),
  ]);
  const total = counted?.total ?? 0;
  return {
    activities: await Promise.all(
      rows.map(async ({ image, startTime, endTime, location, createdAt: _, copy: __, ...row }) => ({
        ...row,
        location: location ?? null,
        image: await imageView(env, image),
        startDateTime: startTime.toISOString(),
        endDateTime: endTime.toISOString(),
      })),
    ),
    page: input.p,
    totalPages: Math.ceil(total / input.l),
    total,
  };
}
