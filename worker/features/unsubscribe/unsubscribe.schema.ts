import { z } from "zod";

// The page an invitation's unsubscribe link opens, and the one-click POST of its List-Unsubscribe header (RFC 8058).
// Neither needs a sign-in: the signed token in the link names the address and the experience.

const TOKEN_MAX = 1000;

export const UNSUBSCRIBE_MESSAGES = {
  badLink: /*i18n*/ "This unsubscribe link is not valid. Open it again from the e-mail.",
} as const;

export const unsubscribeQuerySchema = z.object({
  token: z
    .string({ error: UNSUBSCRIBE_MESSAGES.badLink })
    .min(1, UNSUBSCRIBE_MESSAGES.badLink)
    .max(TOKEN_MAX, UNSUBSCRIBE_MESSAGES.badLink),
});

/** What a mail client POSTs for a one-click unsubscribe (RFC 8058 §3.1). */
export const oneClickFormSchema = z.object({
  "List-Unsubscribe": z.literal("One-Click", { error: /*i18n*/ "List-Unsubscribe must be One-Click" }),
});

/** RFC 8058's own media type for the one-click POST; a multipart form is read as well. */
export const ONE_CLICK_MEDIA = "application/x-www-form-urlencoded";

/** The choices of the page: stop this experience's invitations, everyone's, or (both false) receive them again. */
export const unsubscribeBodySchema = z.object({
  experience: z.boolean({ error: /*i18n*/ "experience must be true or false" }),
  everyone: z.boolean({ error: /*i18n*/ "everyone must be true or false" }),
});

/** Where an address stands: the experience's name (null once it is deleted) and what it unsubscribed from. */
export const unsubscribeStatusSchema = z
  .object({
    email: z.string(),
    experienceName: z.string().nullable(),
    experience: z.boolean(),
    everyone: z.boolean(),
  })
  .meta({ id: "UnsubscribeStatus" });

export type UnsubscribeStatus = z.infer<typeof unsubscribeStatusSchema>;
export type UnsubscribeChoice = z.infer<typeof unsubscribeBodySchema>;
