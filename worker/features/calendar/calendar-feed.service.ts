import { eq } from "drizzle-orm";
import type { Db } from "@worker/db/client";
import { calendarFeeds } from "@worker/db/schema";
import type { Bindings } from "@worker/env";
import { hmacSha256, randomToken, sha256Hex } from "@worker/lib/crypto";
import type { CalendarFeed } from "./calendar.schema";

// The feed's token (docs/calendar-feed.md): HMAC(JWT_SECRET, userId + a random per-person secret), 43 base64url
// characters. D1 keeps the secret and the token's SHA-256: the app can answer the URL again (GET), a copy of the
// database alone cannot make it, and a request finds its person by the hash. Rotating draws a new secret.

export const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;

const feedToken = (env: Bindings, userId: string, secret: string) => hmacSha256(env.JWT_SECRET, `calendar-feed:${userId}:${secret}`);

/** The hash D1 keeps of a token, which a request's token is looked up by. */
export const feedTokenHash = (token: string) => sha256Hex(token);

function feedUrls(env: Bindings, token: string): CalendarFeed {
  const url = `${env.APP_ORIGIN}/oapi/calendar/${token}.ics`;
  return { url, webcalUrl: url.replace(/^https?:/, "webcal:") };
}

async function newFeed(env: Bindings, userId: string) {
  const secret = randomToken();
  const token = await feedToken(env, userId, secret);
  return { token, row: { userId, secret, tokenHash: await feedTokenHash(token) } };
}

/** The caller's feed URLs, made on the first call (two first calls at once agree: the second keeps the first's). */
export async function calendarFeed(env: Bindings, db: Db, userId: string): Promise<CalendarFeed> {
  const { row } = await newFeed(env, userId);
  await db.insert(calendarFeeds).values(row).onConflictDoNothing();
  const [kept] = await db.select({ secret: calendarFeeds.secret }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return feedUrls(env, await feedToken(env, userId, kept!.secret));
}

/** A new token for the caller: the old URL finds nobody from this write on. */
export async function rotateCalendarFeed(env: Bindings, db: Db, userId: string): Promise<CalendarFeed> {
  const { token, row } = await newFeed(env, userId);
  await db
    .insert(calendarFeeds)
    .values(row)
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { secret: row.secret, tokenHash: row.tokenHash, rotatedAt: new Date() } });
  return feedUrls(env, token);
}
