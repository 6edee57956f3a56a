import { z } from "zod";
import type { PresenceMessage, PresentOrganiser } from "@worker/live/protocol";
import type { SocketAttachment } from "@worker/live/viewer";

/**
 * A presence change goes out at once; more within this window are folded into one message sent when it ends
 * (the room's alarm). 200 viewers arriving together cost a few broadcasts, not one each.
 */
const PRESENCE_WINDOW_MS = 200;

/** A browser's `editing` message is a few dozen bytes: anything longer is not one of ours and is dropped unread. */
const MAX_EDITING_MESSAGE_BYTES = 256;

/**
 * A socket that has neither opened nor answered a ping (the page pings every 30 s, answered by the auto-response)
 * for this long is gone without a close (a phone that lost its network): it no longer counts as here.
 */
const PRESENCE_STALE_MS = 75_000;

const editingSchema = z.strictObject({
  type: z.literal("editing"),
  activityId: z.string().min(1).max(100).nullable(),
});

/** The activity a browser says its organiser now edits (null: none), or undefined for anything that is not an editing message. */
function readEditing(data: string | ArrayBuffer): string | null | undefined {
  if (typeof data !== "string" || data.length > MAX_EDITING_MESSAGE_BYTES) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return undefined;
  }
  const message = editingSchema.safeParse(parsed);
  return message.success ? message.data.activityId : undefined;
}

interface PresentSocket {
  attachment: SocketAttachment;
  /** Epoch milliseconds of the socket's last sign of life: its opening or its last answered ping. */
  seenAt: number;
}

/**
 * The two presence messages of the moment: organisers see who of them is here and what they edit; everyone else
 * only how many are here (no names, so a public event's page exposes nobody).
 */
function presenceMessages(eventId: string, sockets: PresentSocket[], now: number) {
  const here = sockets.filter(({ attachment, seenAt }) => attachment.audience !== "self" && now - seenAt < PRESENCE_STALE_MS);
  const people = new Set<string>();
  let anonymous = 0;
  const organisers = new Map<string, PresentOrganiser>();
  for (const { attachment } of here) {
    const { person } = attachment;
    if (!person) {
      anonymous++;
      continue;
    }
    people.add(person.userId);
    if (!person.organiser) continue;
    const known = organisers.get(person.userId);
    // Several tabs: the person edits whatever any of them edits.
    if (!known || (!known.editing && attachment.editing))
      organisers.set(person.userId, { userId: person.userId, name: person.name, avatar: person.avatar, editing: attachment.editing });
  }
  const count: PresenceMessage = { type: "presence", eventId, viewers: people.size + anonymous };
  const named: PresenceMessage = { ...count, organisers: [...organisers.values()].sort((a, b) => a.name.localeCompare(b.name)) };
  return { count, named };
}

/**
 * The presence window, in the room's SQLite storage so it survives hibernation (ARCHITECTURE §4.7): `admit` says
 * whether a change goes out now (no window open) or is left pending; `flush`, at the window's end, whether a
 * pending one goes out then (which opens the next window).
 */
class PresenceWindow {
  private ready = false;

  constructor(private readonly storage: SqlStorage) {}

  private get sql(): SqlStorage {
    if (!this.ready) {
      this.storage.exec(
        "CREATE TABLE IF NOT EXISTS presence_window (id INTEGER PRIMARY KEY CHECK (id = 1), ends_at INTEGER NOT NULL, pending INTEGER NOT NULL)",
      );
      this.ready = true;
    }
    return this.storage;
  }

  admit(now: number): boolean {
    const held = this.sql.exec("UPDATE presence_window SET pending = 1 WHERE id = 1 AND ends_at > ? RETURNING id", now);
    if (held.toArray().length > 0) return false;
    this.sql.exec("INSERT OR REPLACE INTO presence_window (id, ends_at, pending) VALUES (1, ?, 0)", now + PRESENCE_WINDOW_MS);
    return true;
  }

  flush(now: number): boolean {
    const due = this.sql.exec("SELECT 1 FROM presence_window WHERE ends_at <= ? AND pending = 1", now).toArray().length > 0;
    if (due) this.sql.exec("UPDATE presence_window SET ends_at = ?, pending = 0", now + PRESENCE_WINDOW_MS);
    else this.sql.exec("DELETE FROM presence_window WHERE ends_at <= ?", now);
    return due;
  }

  /** When the pending change is due (epoch milliseconds), or null when none is. */
  nextDue(): number | null {
    return this.sql.exec<{ due: number | null }>("SELECT MIN(ends_at) AS due FROM presence_window WHERE pending = 1").one().due;
  }
}

/**
 * The presence desk of an experience's EventRoom (docs/presence.md): each socket's attachment says who it is and what they edit; a join, a leave or an edit
 * change publishes the new presence (through the window) to every socket that follows the event. `dropEnded`
 * is the room's check of the organisers' sign-ins, so a logged-out organiser hears no names.
 */
export class PresenceDesk {
  private readonly window: PresenceWindow;

  constructor(
    private readonly ctx: DurableObjectState,
    private readonly dropEnded: (sockets: WebSocket[]) => Promise<WebSocket[]>,
  ) {
    this.window = new PresenceWindow(ctx.storage.sql);
  }

  /** A socket was accepted: it carries its attachment from now on, and everyone hears of it. */
  joined(ws: WebSocket, attachment: SocketAttachment): Promise<void> {
    ws.serializeAttachment(attachment);
    return this.changed();
  }

  /** A browser's message: an organiser's `editing` changes what they edit; anything else is ignored. */
  heard(ws: WebSocket, data: string | ArrayBuffer): Promise<void> {
    const editing = readEditing(data);
    const attachment = ws.deserializeAttachment() as SocketAttachment | null;
    if (editing === undefined || !attachment?.person?.organiser || attachment.editing === editing) return Promise.resolve();
    ws.serializeAttachment({ ...attachment, editing });
    return this.changed();
  }

  /** A socket closed or failed: the others hear it is gone. */
  left(ws: WebSocket): Promise<void> {
    return this.changed(ws);
  }

  /** The window ended: its pending change goes out. */
  flush(now: number): Promise<void> {
    return this.window.flush(now) ? this.send() : Promise.resolve();
  }

  nextDue(): number | null {
    return this.window.nextDue();
  }

  private changed(gone?: WebSocket): Promise<void> {
    return this.window.admit(Date.now()) ? this.send(gone) : Promise.resolve();
  }

  private async send(gone?: WebSocket): Promise<void> {
    const present = this.ctx
      .getWebSockets()
      .filter((ws) => ws !== gone && ws.readyState === WebSocket.OPEN)
      .map((ws) => ({ ws, attachment: ws.deserializeAttachment() as SocketAttachment | null }))
      .filter((s): s is { ws: WebSocket; attachment: SocketAttachment } => s.attachment !== null);
    if (present.length === 0) return;
    const now = Date.now();
    const { count, named } = presenceMessages(
      present[0]!.attachment.eventId,
      present.map(({ ws, attachment }) => ({
        attachment,
        seenAt: Math.max(attachment.openedAt, this.ctx.getWebSocketAutoResponseTimestamp(ws)?.getTime() ?? 0),
      })),
      now,
    );
    const organisers = await this.dropEnded(present.filter((s) => s.attachment.person?.organiser).map((s) => s.ws));
    const countData = JSON.stringify(count);
    const namedData = JSON.stringify(named);
    for (const { ws, attachment } of present) {
      if (attachment.audience === "self") continue;
      const data = attachment.person?.organiser ? (organisers.includes(ws) ? namedData : null) : countData;
      if (data === null) continue;
      try {
        ws.send(data);
      } catch {
        // Closing meanwhile: its close handler publishes again.
      }
    }
  }
}
