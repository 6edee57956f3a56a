import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { activities, events, files, programs, type ImageRef } from "../../db/schema";
import { storeFile } from "../../lib/files";
import type { LiveMessage } from "../../live/protocol";
import { addGuest, addHost, call, db, makeEvent, makeUser, openLiveSocket } from "../../test/helpers";

export const DAY = 24 * 60 * 60 * 1000;
export const HOUR = 60 * 60 * 1000;
export const iso = (ms: number) => new Date(ms).toISOString();

export const errorOf = async (response: Response) => (await response.json<{ error: string }>()).error;

// A 1x1 transparent PNG, and the start of a PDF.
export const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);
export const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0]);
export const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF");

export const form = (fields: Record<string, string | File | (string | File)[]>) => {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(key, v);
  return body;
};

/** An uploaded picture stored under the event, as a day or an activity would hold it. */
export async function storedImage(eventId: string): Promise<ImageRef & { source: "UPLOAD" }> {
  const fileId = await storeFile(env, db(), { bytes: PNG, mimeType: "image/png", kind: "image", name: "pic.png" }, { eventId, uploaderId: null });
  return { source: "UPLOAD", fileId };
}

export async function fileExists(fileId: string) {
  const [row] = await db().select().from(files).where(eq(files.id, fileId));
  return !!row && (await env.FILES.head(row.key)) !== null;
}

/** An experience of `dayCount` days (one program per date) starting on a UTC midnight a few days ahead. */
export async function experience(ownerId: string, dayCount = 3, fields: Partial<typeof events.$inferInsert> = {}) {
  const start = Math.floor(Date.now() / DAY) * DAY + 2 * DAY;
  const event = await makeEvent(ownerId, { startTime: new Date(start), endTime: new Date(start + dayCount * DAY), ...fields });
  const days = Array.from({ length: dayCount }, (_, i) => ({
    id: crypto.randomUUID(),
    eventId: event.id,
    dayIndex: i,
    date: iso(start + i * DAY).slice(0, 10),
    name: `Day ${i + 1}`,
  }));
  await db().insert(programs).values(days);
  return { event, start, days };
}

export async function addActivity(eventId: string, programId: string, startTime: number, fields: Partial<typeof activities.$inferInsert> = {}) {
  const row = {
    id: crypto.randomUUID(),
    eventId,
    programId,
    name: "Walk",
    description: "Along the river",
    startTime: new Date(startTime),
    endTime: new Date(startTime + HOUR),
    ...fields,
  };
  await db().insert(activities).values(row);
  return row;
}

export async function eventVersion(eventId: string) {
  const [row] = await db().select({ version: events.version }).from(events).where(eq(events.id, eventId));
  return row!.version;
}

/** A user in every role: the owner, a host and a guest of both a public and a private experience, and a stranger. */
export async function cast(dayCount = 3) {
  const [owner, host, guest, stranger] = await Promise.all([makeUser(), makeUser(), makeUser(), makeUser()]);
  const pub = await experience(owner.id, dayCount, { privacy: "PUBLIC" });
  const priv = await experience(owner.id, dayCount, { privacy: "PRIVATE" });
  for (const { event } of [pub, priv]) {
    await addHost(event.id, host.id);
    await addGuest(event.id, guest);
  }
  return { owner, host, guest, stranger, pub, priv };
}

/** Opens the event's live socket, as a browser on its page would. */
export async function listen(eventId: string, token: string) {
  const response = await openLiveSocket(eventId, token);
  const ws = response.webSocket!;
  const messages: LiveMessage[] = [];
  ws.accept();
  ws.addEventListener("message", (e) => {
    messages.push(JSON.parse(e.data as string));
  });
  return { ws, messages };
}

export const settle = () => new Promise((r) => setTimeout(r, 50));

/** Runs the change with the event's page open and answers what the page was told. */
export async function messagesDuring(eventId: string, token: string, change: () => Promise<unknown>) {
  const socket = await listen(eventId, token);
  await change();
  await settle();
  socket.ws.close();
  return socket.messages;
}
