import { session, type SessionPayload } from "./session";

export const REQUEST_TIMEOUT_MS = 30_000;
export const NETWORK_ERROR_MESSAGE = "Network Connection Timeout";
export const NO_REFRESH_TOKEN_MESSAGE = "No refresh token available";
const REFRESH_PATH = "/auth/refresh-user-token";

/** A failed call. `code` is set for timeouts (ECONNABORTED) and network failures (ERR_NETWORK). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: "ECONNABORTED" | "ERR_NETWORK",
    /** The message is the server's own `error` text. */
    readonly fromServer = false,
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
  if (isNetworkError(error)) return NETWORK_ERROR_MESSAGE;
  if (error instanceof ApiError && error.fromServer) return error.message;
  if (fallback) return fallback;
  return error instanceof Error && error.message ? error.message : "Something went wrong. Please try again.";
}

export interface RequestOptions {
  method?: string;
  json?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
  /** Skip the bearer token (the refresh call carries its own header). */
  anonymous?: boolean;
  /** The browser's HTTP cache mode; "no-cache" revalidates an edge-cached answer by its ETag. */
  cache?: RequestCache;
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers = new Headers(options.headers);
  const token = options.anonymous ? null : session.authToken();
  if (token) headers.set("Authorization", `Bearer ${token}`);
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(options.json);
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  try {
    return await fetch(path, { method: options.method ?? (body ? "POST" : "GET"), headers, body, signal: controller.signal, cache: options.cache });
  } catch (error) {
    const timedOut = controller.signal.aborted;
    throw new ApiError(timedOut ? "timeout of 30000ms exceeded" : "Network Error", 0, timedOut ? "ECONNABORTED" : "ERR_NETWORK");
  } finally {
    clearTimeout(timer);
  }
}

async function parse<T>(response: Response): Promise<T> {
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const serverMessage = data && typeof data === "object" && "error" in data ? String((data as { error: unknown }).error) : "";
    throw new ApiError(serverMessage || `Request failed with status code ${response.status}`, response.status, undefined, Boolean(serverMessage));
  }
  return data as T;
}

// One refresh at a time: every request that meets a 401 meanwhile waits for it, then replays.
let refreshing: Promise<SessionPayload> | null = null;

/** Trades the stored refresh token for new tokens (and the profile); stores them. */
export function refreshSession(): Promise<SessionPayload> {
  refreshing ??= (async () => {
    const refreshToken = session.refreshToken();
    if (!refreshToken) throw new ApiError(NO_REFRESH_TOKEN_MESSAGE, 401, undefined, true);
    const payload = await parse<SessionPayload>(
      await send(REFRESH_PATH, { anonymous: true, headers: { RefreshToken: `Bearer ${refreshToken}` } }),
    );
    session.save(payload);
    return payload;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** Calls the product's own server; on a 401 it refreshes once and replays the request. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  // The /auth calls are the sign-in calls themselves: their 401 is an answer, not an expired session.
  if (response.status !== 401 || path.startsWith("/auth/")) return parse<T>(response);
  try {
    await refreshSession();
  } catch (error) {
    session.clear();
    throw error;
  }
  return parse<T>(await send(path, options));
}
