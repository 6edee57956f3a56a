import { z } from "zod";
import { pathId } from "@worker/shared/views.schema";

export const seedResultSchema = z.object({ email: z.string(), password: z.string(), created: z.boolean() });

/** A message in the development mailbox. */
export const mailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** Extra headers: List-Unsubscribe and List-Unsubscribe-Post on invitations and reminders. */
  headers: z.record(z.string(), z.string()).nullable(),
  /** Inline images the HTML names by `cid:` (the 'Your pass' QR code), base64. */
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), contentId: z.string(), content: z.string() })).nullable(),
  /** QUEUED until the mail queue's consumer has delivered it (here: marked it SENT); FAILED once it gave up. */
  status: z.enum(["QUEUED", "SENT", "FAILED"]),
  createdAt: z.iso.datetime(),
});

export const devLiveParamsSchema = z.object({ eventId: pathId });
export const devBroadcastBodySchema = z.object({ postId: z.string().min(1).max(100) });
/** How many of the event's sockets the room sent the message to. */
export const devBroadcastSchema = z.object({ delivered: z.number().int() });

/** The digest the flush claimed and enqueued (`{eventId}:{lastSeq}`), or null when no change was pending. */
export const devFlushSchema = z.object({ digestId: z.string().nullable() });

/** A push the app "sent": in development the push outbox is the box, as the mail outbox is for mail. */
export const pushSchema = z.object({
  id: z.string(),
  /** The browser's push service address it is (or was) for. */
  endpoint: z.string(),
  payload: z.object({ title: z.string(), body: z.string(), url: z.string(), tag: z.string() }),
  status: z.enum(["QUEUED", "SENT", "GONE", "FAILED"]),
  createdAt: z.iso.datetime(),
});
