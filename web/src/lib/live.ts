import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import ReconnectingWebSocket from "partysocket/ws";
import { useEffect } from "react";
import type { LiveMessage } from "../../../worker/live/protocol";
import { session } from "./session";

const KEEPALIVE_MS = 30_000;

/** The query caches each live message makes stale; the page refetches them through the API. */
export function staleQueries(message: LiveMessage): QueryKey[] {
  const id = message.eventId;
  switch (message.type) {
    case "itinerary.changed":
    case "event.changed":
    case "event.deleted":
      return [["event", id], ["public-itinerary", id], ["events"]];
    case "feed.changed":
    case "comment.changed":
    case "like.changed":
      return [["feed", id]];
    case "bulletin.changed":
      return [["bulletin", id]];
    case "rsvp.changed":
      return [["rsvp", id], ["event", id]];
  }
}

/** Keeps this event's queries fresh while the page is open: one reconnecting socket to the event's room. */
export function useEventLive(eventId: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!eventId) return;
    const url = () => {
      const base = `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}/api/events/${eventId}/live`;
      const token = session.authToken();
      return token ? `${base}?token=${encodeURIComponent(token)}` : base;
    };
    const socket = new ReconnectingWebSocket(url, [], { maxRetries: Infinity, minReconnectionDelay: 1000, maxReconnectionDelay: 30_000 });
    socket.addEventListener("message", (event) => {
      if (event.data === "pong") return;
      try {
        const message = JSON.parse(String(event.data)) as LiveMessage;
        for (const queryKey of staleQueries(message)) void queryClient.invalidateQueries({ queryKey });
      } catch {
        // Not one of ours.
      }
    });
    const keepalive = setInterval(() => socket.readyState === socket.OPEN && socket.send("ping"), KEEPALIVE_MS);
    return () => {
      clearInterval(keepalive);
      socket.close();
    };
  }, [eventId, queryClient]);
}
