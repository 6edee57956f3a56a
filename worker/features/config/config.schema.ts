import { z } from "zod";

/** What the browser needs to know about this deployment: which optional services are configured. */
export const configSchema = z.object({
  googleClientId: z.string().nullable(),
  imageSearch: z.boolean(),
  places: z.boolean(),
  /** The VAPID public key (base64url) a browser subscribes to Web Push with. */
  pushPublicKey: z.string(),
});

export type AppConfig = z.infer<typeof configSchema>;
