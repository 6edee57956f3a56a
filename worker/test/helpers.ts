import { env, exports } from "cloudflare:workers";
import { getDb } from "@worker/db/client";
import { eventHosts, events, rsvps, users, type RsvpStatus } from "@worker/db/schema";
import { startSession } from "@worker/features/auth/session.service";
import { DAY } from "./time";

export const db = () => getDb(env.DB);

/** Another sign-in of the same person (another device). */
export const newSession = (userId: string) => startSession(env, db(), userId);

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

/** The bindings of a production deployment whose secrets are set (not at their development defaults). */
export const PRODUCTION_BINDINGS = {
  ENVIRONMENT: "production",
  JWT_SECRET: "a-real-production-secret-0123456789",
  PASSWORD_PEPPER: "a-real-production-pepper-0123456789",
  MAIL_API_KEY: "re_live_key_0123456789abcdef",
  VAPID_PRIVATE_KEY: "CW3rlCw0Cgo6mwnMWjVU_GV6l8uB9awKZ-eUaBnJdH8",
  VAPID_PUBLIC_KEY: "BKg3eXQk43857jAauotsIaQuJSFCgQtIxJlwcjIKrqY4y6tNPLPm_OzGURTimay6TV1WWBtPlDqyFsgOWTxM0Cg",
} as const;

let counter = 0;

/** Creates a user row and signs it in: `token` is an access token of a real session (`sessionId`), with its `refreshToken`. */
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
  const { authToken, refreshToken, sessionId } = await startSession(env, db(), id);
  return { ...row, token: authToken, refreshToken, sessionId };
}

/** Creates an experience owned by `ownerId`, starting tomorrow, with one day per date. */
export async function makeEvent(ownerId: string, fields: Partial<typeof events.$inferInsert> = {}) {
  const id = crypto.randomUUID();
  const start = new Date(Math.ceil(Date.now() / DAY) * DAY + DAY);
  const row = { id, ownerId, name: "Test experience", startTime: start, endTime: new Date(start.getTime() + DAY), ...fields };
  await db().insert(events).values(row);
  return row;
}

/** Adds the person's RSVP and answers its id. */
export async function addGuest(eventId: string, user: { id: string; email: string }, status: RsvpStatus = "YES"): Promise<string> {
  const id = crypto.randomUUID();
  await db().insert(rsvps).values({ id, eventId, userId: user.id, email: user.email, status });
  return id;
}

export async function addHost(eventId: string, userId: string) {
  await db().insert(eventHosts).values({ eventId, userId });
}
