import { hc, type ClientResponse } from "hono/client";
import type { SuccessStatusCode } from "hono/utils/http-status";
import type { AppType } from "@worker/app";
import { encodingPathParams } from "@worker/shared/encoded-params";
import { activeLanguage, i18n } from "./i18n";
import { session, type SessionPayload } from "./session";

// The web calls the API only through `client`, typed from the Worker's own routes (see tsconfig.api.json):
// a changed response shape on the server breaks the web's typecheck, never a user's screen.

export const REQUEST_TIMEOUT_MS = 30_000;
export const NETWORK_ERROR_MESSAGE = /*i18n*/ "Network Connection Timeout";
const NO_REFRESH_TOKEN_MESSAGE = /*i18n*/ "No refresh token available";
const REFRESH_PATH = "/auth/refresh-user-token";

/** A failed call. `code` is set for timeouts (ECONNABORTED) and network failures (ERR_NETWORK). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: "ECONNABORTED" | "ERR_NETWORK",
    /** The message is the server's own `error` text. */
    readonly fromServer = false,
    /** The whole JSON body of the failure, for answers that carry more than `error` (an edit conflict's `current`). */
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export const isNetworkError = (error: unknown) => error instanceof ApiError && error.code !== undefined;

/**
 * The text to show for a failure: the spec's network message, else the server's `error`, else the
 * named message of the failed action (`fallback`), else the error's own message.
 */
export function errorMessage(error: unknown, fallback?: string): string {
  if (isNetworkError(error)) return i18n._(NETWORK_ERROR_MESSAGE);
  if (error instanceof ApiError && error.fromServer) return error.message;
  if (fallback) return fallback;
  // A failure the server gave no words for: its status, worded here.
  if (error instanceof ApiError && error.status > 0 && error.message === failedWithStatus(error.status))
    return i18n._("Request failed with status code {status}", { status: error.status });
  return error instanceof Error && error.message ? i18n._(error.message) : i18n._("Something went wrong. Please try again.");
}

/** The English message of a failure the server gave no words for. */
const failedWithStatus = (status: number) => `Request failed with status code ${status}`;

const pathOf = (input: RequestInfo | URL) => new URL(input instanceof Request ? input.url : String(input), window.location.origin).pathname;

/**
 * One attempt: the bearer token (unless the call brings its own credentials), a 30 s timeout (or the caller's own
 * signal, `{ init: { signal } }`, sooner: the check-in scanner waits 3 s), network failures as ApiError.
 */
async function send(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const token = session.authToken();
  if (token && !headers.has("Authorization") && pathOf(input) !== REFRESH_PATH) headers.set("Authorization", `Bearer ${token}`);
  // The server words its answers (errors, files) in the page's language, not the browser's list.
  if (!headers.has("Accept-Language")) headers.set("Accept-Language", activeLanguage());
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  const signal = init.signal ? AbortSignal.any([init.signal, controller.signal]) : controller.signal;
  try {
    return await fetch(input, { ...init, headers, signal });
  } catch {
    const timedOut = signal.aborted;
    throw new ApiError(timedOut ? "timeout of 30000ms exceeded" : "Network Error", 0, timedOut ? "ECONNABORTED" : "ERR_NETWORK");
  } finally {
    clearTimeout(timer);
  }
}

// One refresh at a time: every request that meets a 401 meanwhile waits for it, then replays.
let refreshing: Promise<SessionPayload> | null = null;

/** The fetch behind the client: on a 401 it refreshes the session once and replays the request. */
async function apiFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const response = await send(input, init);
  // The /auth calls are the sign-in calls themselves: their 401 is an answer, not an expired session.
  if (response.status !== 401 || pathOf(input).startsWith("/auth/")) return response;
  try {
    await refreshSession();
  } catch (error) {
    session.clear();
    throw error;
  }
  return send(input, init);
}

/** The API, typed from the Worker's routes; every path param is percent-encoded. */
export const client = encodingPathParams(hc<AppType>(window.location.origin, { fetch: apiFetch }));

type Success<R> = R extends ClientResponse<infer Body, infer Status, "json"> ? (Status extends SuccessStatusCode ? Body : never) : never;

/** Awaits a client call: its success body, or an ApiError carrying the server's `error` message. */
export async function data<R extends ClientResponse<unknown, number, "json">>(call: Promise<R>): Promise<Success<R>> {
  const response = await call;
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!response.ok) {
    const serverMessage = body && typeof body === "object" && "error" in body ? String(body.error) : "";
    throw new ApiError(serverMessage || failedWithStatus(response.status), response.status, undefined, Boolean(serverMessage), body);
  }
  return body as Success<R>;
}

/** Trades the stored refresh token for new tokens (and the profile); stores them. */
export function refreshSession(): Promise<SessionPayload> {
  refreshing ??= (async () => {
    const refreshToken = session.refreshToken();
    if (!refreshToken) throw new ApiError(i18n._(NO_REFRESH_TOKEN_MESSAGE), 401, undefined, true);
    const payload = await data(client.auth["refresh-user-token"].$get(undefined, { headers: { RefreshToken: `Bearer ${refreshToken}` } }));
    session.save(payload);
    return payload;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}
