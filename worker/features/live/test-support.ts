import type { LiveMessage } from "../../live/protocol";
import { openLiveSocket } from "../../test/helpers";

/** Opens the event's socket as a page would (a ticket first), and records what it is sent and how it closes. */
export async function connect(eventId: string, token?: string, headers: Record<string, string> = {}) {
  const response = await openLiveSocket(eventId, token, headers);
  const messages: LiveMessage[] = [];
  const closes: number[] = [];
  const ws = response.webSocket;
  if (!ws) return { response, ws: null, messages, closes };
  ws.accept();
  ws.addEventListener("message", (e) => messages.push(JSON.parse(e.data as string)));
  ws.addEventListener("close", (e) => closes.push(e.code));
  return { response, ws, messages, closes };
}

export const settle = () => new Promise((r) => setTimeout(r, 50));
