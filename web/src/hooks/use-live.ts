import { hashKey, useQueryClient, type Query, type QueryClient, type QueryKey } from "@tanstack/react-query";
import ReconnectingWebSocket from "partysocket/ws";
import { useEffect, useEffectEvent } from "react";
import { ApiError, client, data } from "@web/lib/api-client";
import {
  bulletinKeys,
  changeKeys,
  checkinKeys,
  documentKeys,
  experienceKeys,
  feedbackKeys,
  feedKeys,
  rsvpKeys,
} from "@web/lib/queries/query-keys";
import { LIVE_CLOSE, type LiveMessage } from "@worker/live/protocol";
import { presenceHeard, presenceSender } from "./use-presence";

const KEEPALIVE_MS = 30_000;

/**
 * Failed connection attempts in a row before the socket gives up. A browser cannot see why an upgrade
 * failed (a refusal such as 429 for too many tabs looks like a network error), so a socket that never
 * opens stops here instead of retrying forever; coming back online or to the tab starts it again. A
 * refused ticket (404: private or gone) stops it at once.
 */
export const LIVE_MAX_RETRIES = 10;
const LIVE_RECONNECT_BASE_MS = 1000;
export const LIVE_RECONNECT_CAP_MS = 30_000;

/**
 * How long to wait before the nth attempt: "full jitter", a random time up to the exponential backoff. Every
 * deploy drops every socket at once; without it all pages would ask for tickets in the same second.
 */
export function reconnectDelay(attempt: number, random = Math.random): number {
  if (attempt <= 0) return 0;
  return Math.floor(random() * Math.min(LIVE_RECONNECT_CAP_MS, LIVE_RECONNECT_BASE_MS * 2 ** (attempt - 1)));
}

const LIVE_SOCKET_OPTIONS = {
  maxRetries: LIVE_MAX_RETRIES,
  // partysocket 1.3 has no jitter: its own delay is zero and the URL provider waits reconnectDelay instead.
  minReconnectionDelay: 0,
  // Revoked access is final; any other close (4401, a session that ended, and 4409, a changed place, included)
  // reconnects with a new ticket, which the server issues for who the viewer is now.
  shouldReconnectOnClose: (event: { code: number }) => event.code !== LIVE_CLOSE.accessRevoked.code,
};

export interface ExperienceLiveOptions {
  /** False keeps the page off the live room, e.g. the public page of a PRIVATE event (the server refuses it). */
  enabled?: boolean;
}

/** The query caches each live message makes stale; the page refetches them through the API. */
function staleQueries(message: LiveMessage): QueryKey[] {
  const id = message.eventId;
  switch (message.type) {
    case "itinerary.changed":
    case "event.changed":
    case "event.deleted":
      return [experienceKeys.detail(id), experienceKeys.publicItinerary(id), experienceKeys.all, changeKeys.event(id)];
    case "feed.posted":
    case "feed.deleted":
    case "like.changed":
    case "comment.changed":
    case "feed.moderated":
    case "feed.refreshed":
      return []; // Applied in place: see isFeedMessage.
    case "feed.reported":
      return [feedKeys.reports(id)];
    case "bulletin.changed":
      return [bulletinKeys.event(id), changeKeys.event(id)];
    case "feedback.changed":
      return [feedbackKeys.event(id)];
    case "rsvp.changed":
      // Someone who left took their pass with them: the check-in sheet's revocations changed too.
      return [rsvpKeys.event(id), experienceKeys.detail(id), changeKeys.event(id), checkinKeys.sheet(id)];
    case "checkin.scanned":
      return []; // Applied in place by the Check-in screen, within a second at every gate.
    case "checkin.changed":
      return [checkinKeys.sheet(id)];
    case "pass.changed":
      return []; // The guest's pass card (features/pass) reads it again.
    case "place.changed":
      return placeQueries(id); // The person's own answer: their page reads their place again, its socket kept.
    case "documents.changed":
      return [documentKeys.of(id, message.owner)];
    case "presence":
      return []; // Kept by hooks/use-presence.ts.
  }
}

/**
 * Feed messages are applied in place by the Social tab (counts, removals, an 'N new posts' pill), never by
 * refetching the paged list under the reader. Here the feed is only marked stale, so a feed that is not on
 * screen is read afresh when it next is.
 */
const isFeedMessage = (message: LiveMessage) =>
  message.type === "feed.posted" ||
  message.type === "feed.deleted" ||
  message.type === "like.changed" ||
  message.type === "comment.changed" ||
  message.type === "feed.moderated" ||
  message.type === "feed.refreshed";

/**
 * What a feature hears through useLiveMessages: each live message of the event, and `live.reconnected` once a
 * reconnected page has made every query of the event stale (whatever it patched in place is refetched).
 */
export type LiveNotice = LiveMessage | { type: "live.reconnected"; eventId: string };
type LiveListener = (notice: LiveNotice) => void;

const listeners = new Map<string, Set<LiveListener>>();

function notify(notice: LiveNotice) {
  for (const listener of listeners.get(notice.eventId) ?? []) listener(notice);
}

/**
 * Calls `onNotice` with every live message of the event while the page's socket (useExperienceLive) is open, after
 * the caches it names were made stale; for features that apply a message in place instead of refetching.
 */
export function useLiveMessages(eventId: string | undefined, onNotice: LiveListener) {
  const listener = useEffectEvent(onNotice);
  useEffect(() => {
    if (!eventId) return;
    const hear: LiveListener = (notice) => listener(notice);
    const set = listeners.get(eventId) ?? new Set();
    listeners.set(eventId, set.add(hear));
    return () => {
      set.delete(hear);
      if (set.size === 0) listeners.delete(eventId);
    };
  }, [eventId]);
}

/** Applies a live message: the caches it names are refetched, the feed is marked stale, and features hear it. */
function apply(queryClient: QueryClient, message: LiveMessage) {
  for (const queryKey of staleQueries(message)) void queryClient.invalidateQueries({ queryKey });
  if (isFeedMessage(message)) void queryClient.invalidateQueries({ queryKey: feedKeys.event(message.eventId), refetchType: "none" });
  notify(message);
}

/**
 * Every query about one event: each key factory (query-keys.ts and the features' own, such as the documents)
 * puts the event's id second, so a page that was disconnected catches up on all it shows, tabs included.
 */
const ofExperience = (eventId: string) => (query: Query) => query.queryKey[1] === eventId;

function catchUp(queryClient: QueryClient, eventId: string) {
  void queryClient.invalidateQueries({ predicate: ofExperience(eventId) });
  notify({ type: "live.reconnected", eventId });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the viewer's own place decides: the event's roles and guest list, their own RSVP and the attendee list (both under rsvpKeys.event). */
const placeQueries = (eventId: string): QueryKey[] => [experienceKeys.detail(eventId), rsvpKeys.event(eventId)];

/**
 * A single-use, one-minute pass to the event's live socket, asked for before every (re)connect: the
 * socket URL carries it instead of the access token. Signed out, the visitor gets an anonymous one.
 */
function fetchLiveTicket(eventId: string) {
  return data(client.oapi.events[":eventId"]["live-ticket"].$post({ param: { eventId } }));
}

/** Keeps this event's queries fresh while the page is open: one reconnecting socket to the event's room. */
export function useExperienceLive(eventId: string | undefined, { enabled = true }: ExperienceLiveOptions = {}) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!eventId || !enabled) return;
    // The viewer's own RSVP when access was revoked: once it changes (they asked to join a private experience),
    // the server may let them follow their own place again, so the socket tries once more.
    let revokedWithRsvp: string | null = null;
    const ownRsvp = () => JSON.stringify(queryClient.getQueryData(rsvpKeys.self(eventId)) ?? null);
    // The viewer may no longer follow the experience (it became private, or is gone): stop reconnecting, and refetch
    // what the page shows so it shows what the viewer may still see. A page that could not read the experience keeps
    // its error: refetching a query with nothing in it would put the spinner back in its place for a moment.
    const refetchShown = (queryKey: QueryKey) => {
      if (queryClient.getQueryData(queryKey) !== undefined) void queryClient.invalidateQueries({ queryKey });
    };
    const accessRevoked = () => {
      revokedWithRsvp = ownRsvp();
      socket.close();
      refetchShown(experienceKeys.detail(eventId));
      refetchShown(experienceKeys.publicItinerary(eventId));
    };
    const base = `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}/api/events/${encodeURIComponent(eventId)}/live`;
    let stopped = false;
    const url = async () => {
      await sleep(reconnectDelay(socket.retryCount));
      if (stopped) throw new Error("The page left");
      try {
        return `${base}?ticket=${encodeURIComponent((await fetchLiveTicket(eventId)).ticket)}`;
      } catch (error) {
        if (error instanceof ApiError && (error.status === 403 || error.status === 404)) accessRevoked();
        throw error;
      }
    };
    const socket = new ReconnectingWebSocket(url, [], LIVE_SOCKET_OPTIONS);
    // Messages sent while the page had no socket are lost: once it has one again, it refetches what it shows.
    let missedMessages = false;
    socket.addEventListener("open", () => {
      if (missedMessages) catchUp(queryClient, eventId);
      missedMessages = false;
      presenceSender(eventId, (data) => socket.readyState === socket.OPEN && socket.send(data));
    });
    socket.addEventListener("error", () => void (missedMessages = true));
    socket.addEventListener("message", (event) => {
      if (event.data === "pong") return;
      let message: LiveMessage;
      try {
        message = JSON.parse(String(event.data)) as LiveMessage;
      } catch {
        return; // Not one of ours.
      }
      if (message.type === "presence") presenceHeard(eventId, message);
      else apply(queryClient, message);
    });
    socket.addEventListener("close", (event) => {
      missedMessages = true;
      presenceSender(eventId, null);
      presenceHeard(eventId, null);
      if (event.code === LIVE_CLOSE.accessRevoked.code) accessRevoked();
      if (event.code === LIVE_CLOSE.roleChanged.code)
        for (const queryKey of placeQueries(eventId)) void queryClient.invalidateQueries({ queryKey });
    });
    const ownRsvpHash = hashKey(rsvpKeys.self(eventId));
    const stopWatchingOwnRsvp = queryClient.getQueryCache().subscribe((change) => {
      if (
        revokedWithRsvp === null ||
        change.type !== "updated" ||
        change.action.type !== "success" ||
        change.query.queryHash !== ownRsvpHash
      )
        return;
      if (ownRsvp() === revokedWithRsvp) return;
      revokedWithRsvp = null;
      socket.reconnect();
    });
    const keepalive = setInterval(() => socket.readyState === socket.OPEN && socket.send("ping"), KEEPALIVE_MS);
    const retryIfGivenUp = () => {
      if (document.visibilityState === "visible" && socket.readyState === socket.CLOSED && socket.retryCount >= LIVE_MAX_RETRIES)
        socket.reconnect();
    };
    window.addEventListener("online", retryIfGivenUp);
    document.addEventListener("visibilitychange", retryIfGivenUp);
    return () => {
      stopped = true;
      stopWatchingOwnRsvp();
      clearInterval(keepalive);
      window.removeEventListener("online", retryIfGivenUp);
      document.removeEventListener("visibilitychange", retryIfGivenUp);
      presenceSender(eventId, null);
      presenceHeard(eventId, null);
      socket.close();
    };
  }, [eventId, enabled, queryClient]);
}
