import { DurableObject } from "cloudflare:workers";
import type { Bindings } from "../env";
import { AUDIENCE_OF, type LiveMessage } from "./protocol";

export const AUDIENCE_HEADER = "X-Live-Audience";
export const STRANGERS_DISMISSED = { code: 4403, reason: "This experience is now private" } as const;

/**
 * One per event: holds that event's WebSockets and fans changes out to them. Hibernation API only,
 * so an idle room costs nothing and no state lives in memory; each socket carries its audience as a tag.
 */
export class EventRoom extends DurableObject<Bindings> {
  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade") !== "websocket") return new Response("Expected a WebSocket", { status: 426 });
    const audience = request.headers.get(AUDIENCE_HEADER) === "participants" ? "participants" : "everyone";
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, [audience]);
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Sends the change to every socket allowed to see it; answers how many received it. */
  async publish(message: LiveMessage): Promise<number> {
    const sockets =
      AUDIENCE_OF[message.type] === "participants" ? this.ctx.getWebSockets("participants") : this.ctx.getWebSockets();
    const data = JSON.stringify(message);
    let delivered = 0;
    for (const ws of sockets) {
      try {
        ws.send(data);
        delivered++;
      } catch {
        // A socket that is closing is skipped; its close handler cleans up.
      }
    }
    return delivered;
  }

  /** The experience turned private: sockets of people who are not participants are closed at once. */
  async dismissStrangers(): Promise<number> {
    const strangers = this.ctx.getWebSockets("everyone");
    for (const ws of strangers) {
      try {
        ws.close(STRANGERS_DISMISSED.code, STRANGERS_DISMISSED.reason);
      } catch {
        // Already closing.
      }
    }
    return strangers.length;
  }

  override async webSocketMessage(): Promise<void> {
    // Browsers only listen; pings are answered by the auto-response without waking the room.
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    try {
      ws.close(code === 1005 ? 1000 : code, reason);
    } catch {
      // Already closed.
    }
  }
}
