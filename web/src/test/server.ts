import { HttpResponse } from "msw";
import { setupServer } from "msw/node";
import type { ErrorBody } from "@worker/shared/views.schema";

/**
 * The API as the web tests see it: MSW answers at the network boundary, so every call goes through the
 * real client (token, refresh, timeout, error unwrapping). setup.ts starts it; a test adds the handlers
 * it needs with `server.use(...)`, typed with the server's own response types, and they are removed after it.
 */
export const server = setupServer();

/** How the API answers every failure (`errorSchema` in worker/lib/views.schema.ts). */
export type { ErrorBody };

export const refuse = (status: number, error: string) => HttpResponse.json<ErrorBody>({ error }, { status });
