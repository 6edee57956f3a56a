import app from "./app";
import type { Bindings } from "./env";

export { EventRoom } from "./live/event-room";
export type { AppType } from "./app";

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Bindings>;
