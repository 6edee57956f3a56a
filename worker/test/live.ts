import { expect } from "vitest";
import type { LiveMessage, PresenceMessage } from "@worker/live/protocol";
import { apiAs } from "./client";
import { call } from "./helpers";

/** Asks for a live ticket as this viewer (anonymous without a token) and opens the event's socket with it, as the web page does. */
async function openLiveSocket(eventId: string, token?: string, headers: Record<string, string> = {}) {
  const issued = await apiAs(token).oapi.events[":eventId"]["live-ticket"].$post({ param: { eventId } });
  // The client answers with the Worker's own Response: a refusal is handed back as it came.
  if (issued.status !== 200) return issued as unknown as Response;
  const { ticket } = await issued.json();
  return call(`/api/events/${eventId}/live?ticket=${encodeURIComponent(ticket)}`, { headers: { Upgrade: "websocket", ...headers } });
}

/**
 * Opens the event's socket as a page would (a ticket first), and records what it is sent and how it closes. The room's
 * own presence messages (joins, leaves) are kept apart in `presence`, and what the room replays to a socket that opens
 * (live/recent.ts: the changes published while its page connected) in `replayed`, so `messages` holds the changes
 * published once it is open.
 */
export async function connect(eventId: string, token?: string, headers: Record<string, string> = {}) {
  const response = await openLiveSocket(eventId, token, headers);
  const messages: LiveMessage[] = [];
  const presence: PresenceMessage[] = [];
  const closes: number[] = [];
  const ws = response.webSocket;
  if (!ws) return { response, ws: null, messages, presence, closes, replayed: [] };
  ws.accept();
  ws.addEventListener("message", (e) => {
    const message = JSON.parse(e.data as string) as LiveMessage;
    if (message.type === "presence") presence.push(message);
    else messages.push(message);
  });
  ws.addEventListener("close", (e) => {
    closes.push(e.code);
  });
  await settle();
  const replayed = messages.splice(0);
  return { response, ws, messages, presence, closes, replayed };
}

/** Opens the event's socket as a viewer who may follow it: the socket must open. */
export async function listen(eventId: string, token?: string) {
  const socket = await connect(eventId, token);
  expect(socket.response.status, "the live socket opens").toBe(101);
  return { ...socket, ws: socket.ws! };
}

/** Lets the Durable Object's messages arrive. */
export const settle = () => new Promise((r) => setTimeout(r, 50));

/** Runs the change with the event's page open and answers what the page was told. */
export async function messagesDuring(eventId: string, token: string | undefined, change: () => Promise<unknown>) {
  const socket = await listen(eventId, token);
  await change();
  await settle();
  socket.ws.close();
  return socket.messages;
}
