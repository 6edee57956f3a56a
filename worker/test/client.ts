import { env, exports } from "cloudflare:workers";
import { hc } from "hono/client";
import { testClient } from "hono/testing";
import app, { type AppType } from "@worker/app";
import type { Bindings } from "@worker/env";
import { encodingPathParams } from "@worker/shared/encoded-params";

const bearer = (token?: string): Record<string, string> => (token ? { Authorization: `Bearer ${token}` } : {});

/**
 * The typed client the web uses, sending through the real Worker entry point (routing, middleware,
 * bindings). Answers are typed from the routes, so tests read them without hand-written casts.
 */
export const apiAs = (token?: string) =>
  encodingPathParams(
    hc<AppType>("http://localhost", {
      fetch: (input: RequestInfo | URL, init?: RequestInit) => exports.default.fetch(new Request(input, init)),
      headers: bearer(token),
    }),
  );

/** The same typed client over the app with some bindings replaced (an outside service's key set or unset). */
export const apiWith = (bindings: Partial<Bindings>, token?: string) =>
  encodingPathParams(testClient(app, { ...env, ...bindings }, undefined, { headers: bearer(token) }));

/** What a test reads of any answer, from the typed client or from `call()`. */
export interface Answer {
  status: number;
  json(): Promise<unknown>;
  text(): Promise<string>;
  clone(): { text(): Promise<string> };
}

/** The `error` of a refusal. */
export const errorOf = async (response: { json(): Promise<unknown> }) => ((await response.json()) as { error: string }).error;
