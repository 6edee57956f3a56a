import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { events, notificationMutes, notificationPrefs } from "@worker/db/schema";
import { NOTIFY_CHANNELS, NOTIFY_DEFAULTS, NOTIFY_KINDS } from "@worker/shared/notify-kinds";
import type { NotificationPreferences, PreferencesPatch } from "./notifications.schema";

/** Every switch of a person (a kind without a row of theirs has its default), and the experiences they muted. */
export async function readPreferences(db: Db, userId: string): Promise<NotificationPreferences> {
  const [rows, muted] = await db.batch([
    db.select().from(notificationPrefs).where(eq(notificationPrefs.userId, userId)),
    db
      .select({ eventId: notificationMutes.eventId, name: events.name })
      .from(notificationMutes)
      .innerJoin(events, eq(events.id, notificationMutes.eventId))
      .where(eq(notificationMutes.userId, userId))
      .orderBy(desc(notificationMutes.createdAt)),
  ]);
  const preferences = { email: { ...NOTIFY_DEFAULTS.email }, push: { ...NOTIFY_DEFAULTS.push }, muted };
  for (const row of rows) preferences[row.channel][row.kind] = row.enabled;
  return preferences;
}

/** Sets the switches named (one row each, in one statement); the others keep what they were. */
export async function setSwitches(db: Db, userId: string, patch: PreferencesPatch): Promise<void> {
  const values = NOTIFY_CHANNELS.flatMap((channel) =>
    NOTIFY_KINDS.flatMap((kind) => {
      const enabled = patch[channel]?.[kind];
      return enabled === undefined ? [] : [{ userId, kind, channel, enabled }];
    }),
  );
  if (values.length > 0) {
    await db
      .insert(notificationPrefs)
      .values(values)
      .onConflictDoUpdate({
        target: [notificationPrefs.userId, notificationPrefs.kind, notificationPrefs.channel],
        set: { enabled: sql`excluded.enabled`, updatedAt: sql`excluded.updated_at` },
      });
  }
}

export async function updatePreferences(db: Db, userId: string, patch: PreferencesPatch): Promise<NotificationPreferences> {
  await setSwitches(db, userId, patch);
  return readPreferences(db, userId);
}
