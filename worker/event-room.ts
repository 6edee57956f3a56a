import { DurableObject } from "cloudflare:workers";
import { getDb } from "@worker/db/client";
import type { Bindings } from "@worker/env";
import { CheckinDesk, type ScanRequest, type Told } from "@worker/features/checkin/checkin.desk";
import { FeedDesk } from "@worker/features/feed/feed.desk";
import { DigestDesk } from "@worker/features/notifications/digest.desk";
import { PresenceDesk } from "@worker/features/presence/presence.desk";
import { activeSessions } from "@worker/lib/auth/sessions";
import { Coalescer } from "@worker/live/coalesce";
import { AUDIENCE_OF, isCountMessage, LIVE_CLOSE, type LiveMessage } from "@worker/live/protocol";
import { reaches, RecentMessages, REPLAY_MARGIN_MS } from "@worker/live/recent";
import {
  isUserHolder,
  LIVE_VIEWER_HEADER,
  MAX_SOCKETS_PER_NETWORK,
  MAX_SOCKETS_PER_USER,
  TICKET_SPENT,
  TOO_MANY_SOCKETS,
  userHolder,
  type LivePlace,
  type LiveViewer,
  type SocketAttachment,
} from "@worker/live/viewer";
import type { Checkin, ScanResult } from "@worker/shared/checkin-view.schema";
import type { FeedAction } from "@worker/shared/feed-limits";

const SESSION_TAG = "session:";

function close(ws: WebSocket, { code, reason }: { code: number; reason: string }) {
  try {
    ws.close(code, reason);
  } catch {
    // Already closing.
  }
}

const refusal = (status: number, error: string) => Response.json({ error }, { status });

/**
 * One per experience: holds its WebSockets and fans changes out to them, as app.ts mounts the routes. Hibernation API
 * only, so an idle room costs nothing and no state lives in memory: each socket carries its audience, its holder and its
 * sign-in as tags, and who it is and what they edit as its attachment (live/viewer.ts), and spent tickets sit in the
 * room's SQLite storage until they expire. What the features keep in the room is in their desks, which the room composes
 * and wakes with its one alarm: check-in (every scan judged in turn), the digest's clock, the feed's limits and counts,
 * and presence.
 */
export class EventRoom extends DurableObject<Bindings> {
  private readonly coalescer: Coalescer;
  private readonly recent: RecentMessages;
  /**
   * The fan-outs under way, one after another, so sockets receive messages in the order they were published
   * even though each waits on D1 first. Only work in flight: nothing here needs rebuilding after hibernation.
   */
  private deliveries: Promise<unknown> = Promise.resolve();
  private readonly checkin: CheckinDesk;
  private readonly digest: DigestDesk;
  private readonly feed: FeedDesk;
  private readonly presence: PresenceDesk;

  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
    this.coalescer = new Coalescer(ctx.storage.sql);
    this.recent = new RecentMessages(ctx.storage.sql);
    this.checkin = new CheckinDesk(env);
    this.digest = new DigestDesk(ctx.storage.sql, env);
    this.feed = new FeedDesk(ctx.storage.sql);
    this.presence = new PresenceDesk(ctx, (sockets) => this.dropEndedSessions(sockets));
  }

  // ── The desks' doors (RPC from the Worker) ──────────────────────────────────────────────────────────────────────

  /** Takes one of this person's feed places (a post, a comment, a report): null when allowed, else the seconds to wait. */
  async takeFeedPlace(userId: string, action: FeedAction): Promise<number | null> {
    return this.feed.take(userId, action, Date.now());
  }

  /**
   * Judges and records scans at the experience's check-in desk, one upload after another (so a pass scanned at two gates
   * at once is admitted once), then tells the organisers' scanners the rows and the admitted guests' pass cards.
   * Null when the list is not the experience's.
   */
  async checkIn(request: ScanRequest): Promise<ScanResult[] | null> {
    const outcome = await this.checkin.scan(request);
    if (!outcome) return null;
    await this.tell(outcome.told);
    return outcome.answer;
  }

  /** Undoes a check-in at the desk (in turn with the scans) and tells the organisers; null when it is not the experience's. */
  async undoCheckin(eventId: string, checkinId: string, userId: string): Promise<Checkin | null> {
    const outcome = await this.checkin.undo(eventId, checkinId, userId);
    if (!outcome) return null;
    await this.tell(outcome.told);
    return outcome.answer;
  }

  /** Changes were logged (domain/change-log.ts), or the cron found some pending: the digest's clock reads when they are due. */
  async pokeDigests(eventId: string): Promise<void> {
    await this.digest.poke(eventId);
    await this.rearm();
  }

  /** Development only (reached through /dev): claims and enqueues the pending changes now, whatever their windows. */
  async flushDigests(eventId: string): Promise<string | null> {
    await this.digest.poke(eventId);
    const digestId = await this.digest.tick(Date.now(), true);
    await this.rearm();
    return digestId;
  }

  private async tell(told: Told[]): Promise<void> {
    await Promise.all(told.map(({ message, recipients }) => this.deliver(message, recipients)));
  }

  // ── Sockets ─────────────────────────────────────────────────────────────────────────────────────────────────────

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade") !== "websocket") return refusal(426, "Expected a WebSocket upgrade");
    const viewer = JSON.parse(request.headers.get(LIVE_VIEWER_HEADER) ?? "null") as LiveViewer | null;
    if (!viewer) return refusal(400, "Expected an admitted viewer");
    if (!this.spendTicket(viewer.ticketId, viewer.ticketExpiresAt)) return refusal(401, TICKET_SPENT);
    const limit = isUserHolder(viewer.holder) ? MAX_SOCKETS_PER_USER : MAX_SOCKETS_PER_NETWORK;
    // Sockets of a sign-in that has ended (a user who logged out and back in) no longer count.
    await this.dropEndedSessions(this.ctx.getWebSockets(viewer.holder));
    if (this.openSockets(viewer.holder) >= limit) return refusal(429, TOO_MANY_SOCKETS);

    const tags = [viewer.audience, viewer.holder, ...(viewer.sessionId ? [SESSION_TAG + viewer.sessionId] : [])];
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, tags);
    this.replay(server, tags, viewer.ticketIssuedAt - REPLAY_MARGIN_MS);
    const { eventId, audience, person } = viewer;
    await this.presence.joined(server, { eventId, audience, person, editing: null, openedAt: Date.now() });
    await this.rearm();
    return new Response(null, { status: 101, webSocket: client });
  }

  /**
   * Counted after the D1 check, in the same synchronous step as the accept that follows it, so connections
   * arriving meanwhile cannot pass the cap together; sockets already closing do not count.
   */
  private openSockets(holder: string): number {
    return this.ctx.getWebSockets(holder).filter((ws) => ws.readyState === WebSocket.OPEN).length;
  }

  /** Marks a ticket used; false if it was already. Synchronous SQLite, so two sockets cannot both spend it. */
  private spendTicket(ticketId: string, expiresAt: number): boolean {
    const sql = this.ctx.storage.sql;
    sql.exec("CREATE TABLE IF NOT EXISTS spent_tickets (id TEXT PRIMARY KEY, expires_at INTEGER NOT NULL)");
    sql.exec("DELETE FROM spent_tickets WHERE expires_at <= ?", Date.now());
    if (sql.exec("SELECT 1 FROM spent_tickets WHERE id = ?", ticketId).toArray().length > 0) return false;
    sql.exec("INSERT INTO spent_tickets (id, expires_at) VALUES (?, ?)", ticketId, expiresAt);
    return true;
  }

  /**
   * Sends the change to every socket allowed to see it and answers how many received it; a count message
   * within its post's window is held for the window's end instead (0 now). With `recipients` (user ids), only
   * those people's participant sockets receive it: a change that is theirs alone.
   */
  async publish(message: LiveMessage, recipients?: string[]): Promise<number> {
    // Decided before any wait, so the order of publishing is the order of sending.
    const now = this.coalescer.admit(message, Date.now());
    if (!now) {
      await this.rearm();
      return 0;
    }
    return this.deliver(now, recipients);
  }

  /** A window ended (its held message goes out now), or a digest is due (claimed and enqueued). */
  override async alarm(): Promise<void> {
    const now = Date.now();
    const held = this.coalescer.flush(now);
    // The counts go out while the digest is claimed; the alarm is set again once both clocks have moved.
    await Promise.all([
      ...held.map((message) => this.deliver(message)),
      this.presence.flush(now),
      this.digest.tick(now).then(() => this.rearm()),
    ]);
  }

  /** The room's one alarm, for whichever comes first: a held count's window end, the next digest or a presence window's end. */
  private async rearm(): Promise<void> {
    const dues = [this.coalescer.nextDue(), this.digest.dueAt(), this.presence.nextDue()].filter((due) => due !== null);
    if (dues.length === 0) return;
    const due = Math.min(...dues);
    const alarm = await this.ctx.storage.getAlarm();
    if (alarm === null || alarm > due) await this.ctx.storage.setAlarm(due);
  }

  private deliver(message: LiveMessage, recipients?: string[]): Promise<number> {
    this.recent.keep(message, recipients, Date.now());
    const delivery = this.deliveries.then(() => this.fanOut(message, recipients));
    this.deliveries = delivery.catch(() => undefined);
    return delivery;
  }

  /**
   * Tells a socket that just opened what was published since shortly before its ticket (live/recent.ts), in turn with
   * the fan-outs under way, so nothing published while its page connected is missed. The same audience as a fan-out.
   */
  private replay(ws: WebSocket, tags: string[], since: number): void {
    const missed = this.recent.since(since).filter(({ message, recipients }) => reaches(tags, message, recipients));
    if (missed.length === 0) return;
    const replayed = this.deliveries.then(async () => {
      for (const { message: kept } of missed) {
        const message = isCountMessage(kept) ? await this.feed.withCurrentCount(getDb(this.env.DB), kept) : kept;
        if (!message) continue;
        try {
          ws.send(JSON.stringify(message));
        } catch {
          return; // Closed already.
        }
      }
    });
    this.deliveries = replayed.catch(() => undefined);
  }

  /** The sockets a message goes to: "self" sockets are never sent a message, they only wait for their own close. */
  private audienceOf(published: LiveMessage, recipients?: string[]): WebSocket[] {
    const participants = this.ctx.getWebSockets("participants");
    if (recipients) {
      const holders = new Set(recipients.map(userHolder));
      return participants.filter((ws) => this.ctx.getTags(ws).some((tag) => holders.has(tag)));
    }
    return AUDIENCE_OF[published.type] === "participants" ? participants : [...this.ctx.getWebSockets("everyone"), ...participants];
  }

  private async fanOut(published: LiveMessage, recipients?: string[]): Promise<number> {
    const sockets = this.audienceOf(published, recipients);
    if (sockets.length === 0) return 0;
    const message = isCountMessage(published) ? await this.feed.withCurrentCount(getDb(this.env.DB), published) : published;
    if (!message) return 0;
    const data = JSON.stringify(message);
    let delivered = 0;
    for (const ws of await this.dropEndedSessions(sockets)) {
      try {
        ws.send(data);
        delivered++;
      } catch {
        // A socket that is closing is skipped; its close handler cleans up.
      }
    }
    return delivered;
  }

  /**
   * Closes the sockets whose sign-in has ended (logout, password change, a stolen refresh token, a
   * deleted account) and answers the others: checked in D1 before each fan-out, so an ended session
   * never receives another message, without logout having to find every room its sockets joined.
   */
  private async dropEndedSessions(sockets: WebSocket[]): Promise<WebSocket[]> {
    const sessionOf = new Map<WebSocket, string>();
    for (const ws of sockets) {
      const tag = this.ctx.getTags(ws).find((t) => t.startsWith(SESSION_TAG));
      if (tag) sessionOf.set(ws, tag.slice(SESSION_TAG.length));
    }
    if (sessionOf.size === 0) return sockets;
    const active = await activeSessions(getDb(this.env.DB), [...new Set(sessionOf.values())]);
    return sockets.filter((ws) => {
      const session = sessionOf.get(ws);
      if (session === undefined || active.has(session)) return true;
      close(ws, LIVE_CLOSE.sessionEnded);
      return false;
    });
  }

  /**
   * The experience turned private: sockets of people who are not participants are closed at once. A signed-in
   * one is told their place changed instead, so their page asks again: someone with an RSVP (waiting for
   * approval) keeps following their own place, anyone else is refused the new ticket.
   */
  async dismissStrangers(): Promise<number> {
    const strangers = this.ctx.getWebSockets("everyone");
    for (const ws of strangers) {
      const signedIn = this.ctx.getTags(ws).some(isUserHolder);
      close(ws, signedIn ? LIVE_CLOSE.roleChanged : LIVE_CLOSE.accessRevoked);
    }
    return strangers.length;
  }

  /** The experience turned public: people who followed only their own place may now follow everything for everyone. */
  async welcomeSelfViewers(): Promise<number> {
    const sockets = this.ctx.getWebSockets("self");
    for (const ws of sockets) close(ws, LIVE_CLOSE.roleChanged);
    return sockets.length;
  }

  /**
   * One person's own answer changed their place (their RSVP): where what they may follow and whether they organise are
   * unchanged, their sockets stay open and are told `place.changed`, so their pages read their place again in place;
   * any other socket of theirs closes as roleChanged closes it. Answers how many stayed open.
   */
  async placeChanged(eventId: string, place: LivePlace): Promise<number> {
    const message: LiveMessage = { type: "place.changed", eventId };
    const data = JSON.stringify(message);
    let kept = 0;
    for (const ws of this.ctx.getWebSockets(userHolder(place.userId))) {
      const held = ws.deserializeAttachment() as SocketAttachment | null;
      const same = held !== null && held.audience === place.audience && (held.person?.organiser ?? false) === place.organiser;
      if (!same) {
        close(ws, LIVE_CLOSE.roleChanged);
        continue;
      }
      try {
        ws.send(data);
        kept++;
      } catch {
        // Closing already.
      }
    }
    return kept;
  }

  /** These people's place in the experience changed: their sockets close, and their pages reconnect with a ticket for who they are now. */
  async roleChanged(userIds: string[]): Promise<number> {
    let closed = 0;
    for (const userId of new Set(userIds)) {
      for (const ws of this.ctx.getWebSockets(userHolder(userId))) {
        close(ws, LIVE_CLOSE.roleChanged);
        closed++;
      }
    }
    return closed;
  }

  /** Development only (reached through /dev): resets the room as a deploy does, so every socket drops and reconnects. */
  async restart(): Promise<void> {
    this.ctx.abort("The room was restarted");
  }

  /** Browsers only say what their organiser edits (the presence desk); pings are answered by the auto-response without waking the room. */
  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    await this.presence.heard(ws, message);
    await this.rearm();
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    close(ws, { code: code === 1005 ? 1000 : code, reason });
    await this.presence.left(ws);
    await this.rearm();
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    await this.presence.left(ws);
    await this.rearm();
  }
}
