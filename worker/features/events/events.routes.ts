import { Hono } from "hono";
import type { AppEnv } from "../../env";

/** Mounted at /api/events. */
export const eventsRoutes = new Hono<AppEnv>();
