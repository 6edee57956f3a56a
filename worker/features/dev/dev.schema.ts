import { z } from "zod";

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
