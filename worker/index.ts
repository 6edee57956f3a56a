import app from "./app";
import { getDb } from "@worker/db/client";
import type { Bindings } from "./env";
import { deleteUnclaimedMedia } from "@worker/features/feed/media-upload-cleanup";

export { EventRoom } from "@worker/live/event-room";
export type { AppType } from "./app";

export default {
  fetch: app.fetch,
  // Hourly (wrangler.toml [triggers]): feed uploads never posted are deleted after a day.
  async scheduled(_controller, env) {
    await deleteUnclaimedMedia(env, getDb(env.DB));
  },
} satisfies ExportedHandler<Bindings>;
