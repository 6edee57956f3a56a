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
  createdAt: z.iso.datetime(),
});

export const devLiveParamsSchema = z.object({ eventId: pathId });
export const devBroadcastBodySchema = z.object({ postId: z.string().min(1).max(100) });
/** How many of the event's sockets the room sent the message to. */
export const devBroadcastSchema = z.object({ delivered: z.number().int() });
