import { env, exports } from "cloudflare:workers";
import { getDb } from "../db/client";
import { eventHosts, events, rsvps, users, type RsvpStatus } from "../db/schema";
import { signAccessToken } from "../lib/auth/jwt";

export const db = () => getDb(env.DB);

/** Sends a request through the real Worker entry point (routing, middleware, bindings). */
export function call(path: string, init: RequestInit & { token?: string; json?: unknown } = {}) {
  const headers = new Headers(init.headers);
  if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(init.json);
  }
  return exports.default.fetch(new Request(`http://localhost${path}`, { ...init, headers, body }));
}

let counter = 0;

/** Creates a user row and an access token for it. */
export async function makeUser(fields: Partial<typeof users.$inferInsert> = {}) {
  const id = crypto.randomUUID();
  counter++;
  const row = {
    id,
    email: `user${counter}-${id.slice(0, 8)}@example.com`,
    firstName: `User${counter}`,
    lastName: "Test",
    ...fields,
  };
  await db().insert(users).values(row);
  return { ...row, token: await signAccessToken(env.JWT_SECRET, id) };
}

const DAY = 24 * 60 * 60 * 1000;

/** Creates an experience owned by `ownerId`, starting tomorrow, with one day per date. */
export async function makeEvent(ownerId: string, fields: Partial<typeof events.$inferInsert> = {}) {
  const id = crypto.randomUUID();
  const start = new Date(Math.ceil(Date.now() / DAY) * DAY + DAY);
  const row = { id, ownerId, name: "Test experience", startTime: start, endTime: new Date(start.getTime() + DAY), ...fields };
  await db().insert(events).values(row);
  return row;
}

export async function addGuest(eventId: string, user: { id: string; email: string }, status: RsvpStatus = "YES") {
  await db().insert(rsvps).values({ id: crypto.randomUUID(), eventId, userId: user.id, email: user.email, status });
}

export async function addHost(eventId: string, userId: string) {
  await db().insert(eventHosts).values({ eventId, userId });
}
