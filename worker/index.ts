import app from "./app";
import type { Bindings } from "./env";
import { consume, runCron } from "./jobs";

// The Worker's entry points: requests (app.ts), the cron and the queues (jobs.ts), and the EventRoom's class.
// Only these: workerd takes every named export of this module for an entrypoint.

export { EventRoom } from "./event-room";
export type { AppType } from "./app";

export default {
  fetch: app.fetch,
  scheduled: (controller, env) => runCron(controller.cron, env),
  queue: (batch, env) => consume(batch, env),
} satisfies ExportedHandler<Bindings>;
