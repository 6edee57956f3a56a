import { hashKey, useQueryClient, type QueryKey } from "@tanstack/react-query";
import ReconnectingWebSocket from "partysocket/ws";
import { useEffect } from "react";
import { LIVE_CLOSE, type LiveMessage } from "../../../worker/live/protocol";
import { ApiError, client, data } from "./api-client";
import { bulletinKeys, eventKeys, feedKeys, rsvpKeys } from "./query-keys";

const KEEPALIVE_MS = 30_000;

/**
 * Failed connection attempts in a row before the socket gives up. A browser cannot see why an upgrade
 * failed (a refusal such as 429 for too many tabs looks like a network error), so a socket that never
 * opens stops here instead of retrying forever; coming back online or to the tab starts it again. A
 * refused ticket (404: private or gone) stops it at once.
 */
export const LIVE_MAX_RETRIES = 10;
const LIVE_SOCKET_OPTIONS = {
  maxRetries: LIVE_MAX_RETRIES,
  minReconnectionDelay: 1000,
  maxReconnectionDelay: 30_000,
  // Revoked access is final; any other close (4401, a session that ended, and 4409, a changed place, included)
  // reconnects with a new ticket, which the server issues for who the viewer is now.
  shouldReconnectOnClose: (event: { code: number }) => event.code !== LIVE_CLOSE.accessRevoked.code,
};

export interface EventLiveOptions {
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
      return [eventKeys.detail(id), eventKeys.publicItinerary(id), eventKeys.all];
    case "feed.changed":
    case "comment.changed":
    case "like.changed":
      return [feedKeys.event(id)];
    case "bulletin.changed":
      return [bulletinKeys.event(id)];
    case "rsvp.changed":
      return [rsvpKeys.event(id), eventKeys.detail(id)];
  }
}

/** What the viewer's own place decides: the event's roles and guest list, their own RSVP and the attendee list (both under rsvpKeys.event). */
const placeQueries = (eventId: string): QueryKey[] => [eventKeys.detail(eventId), rsvpKeys.event(eventId)];

/**
 * A single-use, one-minute pass to the event's live socket, asked for before every (re)connect: the
 * socket URL carries it instead of the access token. Signed out, the visitor gets an anonymous one.
 */
function fetchLiveTicket(eventId: string) {
  return data(client.oapi.events[":eventId"]["live-ticket"].$post({ param: { eventId } }));
}

/** Keeps this event's queries fresh while the page is open: one reconnecting socket to the event's room. */
export function useEventLive(eventId: string | undefined, { enabled = true }: EventLiveOptions = {}) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!eventId || !enabled) return;
    // The viewer's own RSVP when access was revoked: once it changes (they asked to join a private experience),
    // the server may let them follow their own place again, so the socket tries once more.
    let revokedWithRsvp: string | null = null;
    const ownRsvp = () => JSON.stringify(queryClient.getQueryData(rsvpKeys.self(eventId)) ?? null);
    // The viewer may no longer follow the experience (it became private, or is gone): stop reconnecting,
    // and refetch so the page shows what the viewer may still see.
    const accessRevoked = () => {
      revokedWithRsvp = ownRsvp();
      socket.close();
      void queryClient.invalidateQueries({ queryKey: eventKeys.detail(eventId) });
      void queryClient.invalidateQueries({ queryKey: eventKeys.publicItinerary(eventId) });
    };
    const base = `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}/api/events/${encodeURIComponent(eventId)}/live`;
    const url = async () => {
      try {
        return `${base}?ticket=${encodeURIComponent((await fetchLiveTicket(eventId)).ticket)}`;
      } catch (error) {
        if (error instanceof ApiError && (error.status === 403 || error.status === 404)) accessRevoked();
        throw error;
      }
    };
    const socket = new ReconnectingWebSocket(url, [], LIVE_SOCKET_OPTIONS);
    socket.addEventListener("message", (event) => {
      if (event.data === "pong") return;
      try {
        const message = JSON.parse(String(event.data)) as LiveMessage;
        for (const queryKey of staleQueries(message)) void queryClient.invalidateQueries({ queryKey });
      } catch {
        // Not one of ours.
      }
    });
    socket.addEventListener("close", (event) => {
      if (event.code === LIVE_CLOSE.accessRevoked.code) accessRevoked();
      if (event.code === LIVE_CLOSE.roleChanged.code) for (const queryKey of placeQueries(eventId)) void queryClient.invalidateQueries({ queryKey });
    });
    const ownRsvpHash = hashKey(rsvpKeys.self(eventId));
    const stopWatchingOwnRsvp = queryClient.getQueryCache().subscribe((change) => {
      if (revokedWithRsvp === null || change.type !== "updated" || change.action.type !== "success" || change.query.queryHash !== ownRsvpHash) return;
      if (ownRsvp() === revokedWithRsvp) return;
      revokedWithRsvp = null;
      socket.reconnect();
    });
    const keepalive = setInterval(() => socket.readyState === socket.OPEN && socket.send("ping"), KEEPALIVE_MS);
    const retryIfGivenUp = () => {
      if (document.visibilityState === "visible" && socket.readyState === socket.CLOSED && socket.retryCount >= LIVE_MAX_RETRIES) socket.reconnect();
    };
    window.addEventListener("online", retryIfGivenUp);
    document.addEventListener("visibilitychange", retryIfGivenUp);
    return () => {
      stopWatchingOwnRsvp();
      clearInterval(keepalive);
      window.removeEventListener("online", retryIfGivenUp);
      document.removeEventListener("visibilitychange", retryIfGivenUp);
      socket.close();
    };
  }, [eventId, enabled, queryClient]);
}
