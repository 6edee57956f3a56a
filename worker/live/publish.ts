import type { Context } from "hono";
import type { AppEnv, Bindings } from "@worker/env";
import { success } from "@worker/lib/success";
import type { LiveMessage } from "./protocol";
import { eventRoom } from "./room";
import type { LivePlace } from "./viewer";

/**
 * Tells the event's open browsers what changed; with `recipients` (user ids), only those participants' browsers.
 * A failure here never fails the write that caused it.
 */
export async function publish(env: Bindings, message: LiveMessage, recipients?: string[]): Promise<void> {
  try {
    await eventRoom(env, message.eventId).publish(message, recipients);
  } catch (error) {
    console.error("live publish failed", message.type, message.eventId, error);
  }
}

/** The answer of a write that has nothing more to say but that the event's pages must hear of: `message` published, then `{ success: true }`. */
export async function published(c: Context<AppEnv>, message: LiveMessage) {
  await publish(c.env, message);
  return success(c);
}

/** Closes the live sockets of non-participants, when the experience becomes private. Never fails the write. */
export async function dismissStrangers(env: Bindings, eventId: string): Promise<void> {
  try {
    await eventRoom(env, eventId).dismissStrangers();
  } catch (error) {
    console.error("live dismiss failed", eventId, error);
  }
}

/** Closes the live sockets of these people, whose place in the experience changed, so their pages reconnect as who they are now. Never fails the write. */
export async function roleChanged(env: Bindings, eventId: string, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  try {
    await eventRoom(env, eventId).roleChanged(userIds);
  } catch (error) {
    console.error("live role change failed", eventId, error);
  }
}

/**
 * People's places in the experience changed (null: nothing changed): their own sockets close first and reconnect as
 * who they are now, so someone removed hears nothing more; then every participant's guest list refetches.
 */
export async function peopleChanged(env: Bindings, eventId: string, userIds: string[] | null): Promise<void> {
  if (userIds === null) return;
  await roleChanged(env, eventId, userIds);
  await publish(env, { type: "rsvp.changed", eventId });
}

/** Awaits a write that moved people (`changed`, null: no one), tells as peopleChanged does; answers the write's `answer`. */
export async function peopleMoved<T>(env: Bindings, eventId: string, write: Promise<{ answer: T; changed: string[] | null }>): Promise<T> {
  const { answer, changed } = await write;
  await peopleChanged(env, eventId, changed);
  return answer;
}

/**
 * A person's own answer changed their place: their sockets that may follow as before stay open and are told so (their
 * pages read their place again in place); the others close as roleChanged closes them. Never fails the write.
 */
export async function ownPlaceChanged(env: Bindings, eventId: string, place: LivePlace): Promise<void> {
  try {
    await eventRoom(env, eventId).placeChanged(eventId, place);
  } catch (error) {
    console.error("live place change failed", eventId, error);
  }
}

/** Closes the sockets that followed only their own place, when the experience becomes public: they reconnect for everything. Never fails the write. */
export async function welcomeSelfViewers(env: Bindings, eventId: string): Promise<void> {
  try {
    await eventRoom(env, eventId).welcomeSelfViewers();
  } catch (error) {
    console.error("live welcome failed", eventId, error);
  }
}
