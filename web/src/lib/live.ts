import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import ReconnectingWebSocket from "partysocket/ws";
import { useEffect } from "react";
import type { LiveMessage } from "../../../worker/live/protocol";
import { bulletinKeys, eventKeys, feedKeys, rsvpKeys } from "./query-keys";
import { session } from "./session";

const KEEPALIVE_MS = 30_000;
/** The close code the event room uses when a viewer may no longer follow the experience (worker/live/event-room.ts). */
const ACCESS_REVOKED = 4403;

/**
 * Failed connection attempts in a row before the socket gives up. A browser cannot see why an upgrade
 * failed (a refusal such as 404 for a private event looks like a network error), so a socket that never
 * opens stops here instead of retrying forever; coming back online or to the tab starts it again.
 */
export const LIVE_MAX_RETRIES = 10;
const LIVE_SOCKET_OPTIONS = { maxRetries: LIVE_MAX_RETRIES, minReconnectionDelay: 1000, maxReconnectionDelay: 30_000 };

export interface EventLiveOptions {
  /** False keeps the page off the live room, e.g. the public page of a PRIVATE event (the server refuses it). */
  enabled?: boolean;
}

/** The query caches each live message makes stale; the page refetches them through the API. */
export function staleQueries(message: LiveMessage): QueryKey[] {
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

/** Keeps this event's queries fresh while the page is open: one reconnecting socket to the event's room. */
export function useEventLive(eventId: string | undefined, { enabled = true }: EventLiveOptions = {}) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!eventId || !enabled) return;
    const url = () => {
      const base = `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}/api/events/${eventId}/live`;
      const token = session.authToken();
      return token ? `${base}?token=${encodeURIComponent(token)}` : base;
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
    // The server closed this socket because the viewer lost access (the experience became private):
    // stop reconnecting, and refetch so the page shows what the viewer may still see.
    socket.addEventListener("close", (event) => {
      if (event.code !== ACCESS_REVOKED) return;
      socket.close();
      void queryClient.invalidateQueries({ queryKey: eventKeys.detail(eventId) });
      void queryClient.invalidateQueries({ queryKey: eventKeys.publicItinerary(eventId) });
    });
    const keepalive = setInterval(() => socket.readyState === socket.OPEN && socket.send("ping"), KEEPALIVE_MS);
    const retryIfGivenUp = () => {
      if (document.visibilityState === "visible" && socket.readyState === socket.CLOSED && socket.retryCount >= LIVE_MAX_RETRIES) socket.reconnect();
    };
    window.addEventListener("online", retryIfGivenUp);
    document.addEventListener("visibilitychange", retryIfGivenUp);
    return () => {
      clearInterval(keepalive);
      window.removeEventListener("online", retryIfGivenUp);
      document.removeEventListener("visibilitychange", retryIfGivenUp);
      socket.close();
    };
  }, [eventId, enabled, queryClient]);
}
