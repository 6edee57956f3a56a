import { exports } from "cloudflare:workers";
import { hc } from "hono/client";
import type { AppType } from "../app";

/**
 * The typed client the web uses, sending through the real Worker entry point (routing, middleware,
 * bindings). Answers are typed from the routes, so tests read them without hand-written casts.
 */
export const apiAs = (token?: string) =>
  hc<AppType>("http://localhost", {
    fetch: (input: RequestInfo | URL, init?: RequestInit) => exports.default.fetch(new Request(input, init)),
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });

/** The `error` of a refusal. */
export const errorOf = async (response: { json(): Promise<unknown> }) => ((await response.json()) as { error: string }).error;
