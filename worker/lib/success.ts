import type { Context } from "hono";

/** The answer of a write that has nothing more to say: `{ success: true }` (`successSchema`), 200. */
export const success = (c: Context) => c.json({ success: true as const }, 200);
