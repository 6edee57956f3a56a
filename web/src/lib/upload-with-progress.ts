import { ApiError, REQUEST_TIMEOUT_MS, refreshSession } from "./api-client";
import { session } from "./session";

export interface UploadRequest {
  method: "PUT" | "POST";
  /** Build it with the typed client's `$url`, so the path follows the server's routes. */
  url: URL | string;
  /** A raw body, sent with its own type; or a form, for which the browser writes the multipart type and boundary. */
  body: Blob | FormData;
  /** Whole percentages of the body sent, 0 to 100. */
  onProgress?: (percent: number) => void;
  /** Aborting it stops the request; the call then rejects with the signal's reason (an AbortError), not a network error. */
  signal?: AbortSignal;
}

/**
 * Sends a large body with upload progress, which `fetch` cannot report. It carries the bearer token and, on
 * a 401, refreshes the session once (the client's own single-flight refresh) and sends again, like the
 * typed client. The answer is a standard Response, so `data()` types and unwraps it as any client call.
 */
export async function uploadWithProgress(request: UploadRequest): Promise<Response> {
  const response = await send(request);
  if (response.status !== 401) return response;
  try {
    await refreshSession();
  } catch (error) {
    session.clear();
    throw error;
  }
  return send(request);
}

/**
 * One attempt. A 100 MB video may take minutes on a phone, so the spec's 30 s timeout counts silence (no
 * progress) rather than the whole upload.
 */
function send({ method, url, body, onProgress, signal }: UploadRequest): Promise<Response> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const xhr = new XMLHttpRequest();
    let timedOut = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const restartTimer = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        xhr.abort();
      }, REQUEST_TIMEOUT_MS);
    };

    xhr.open(method, String(url));
    const token = session.authToken();
    if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    if (!(body instanceof FormData) && body.type) xhr.setRequestHeader("Content-Type", body.type);
    xhr.upload.onprogress = (event) => {
      restartTimer();
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(100, Math.floor((event.loaded / event.total) * 100)));
    };
    // Settled before abort(), which fires onabort synchronously: a cancel is the caller's decision, not a network error.
    const cancel = () => {
      clearTimeout(timer);
      reject(signal!.reason);
      xhr.abort();
    };
    signal?.addEventListener("abort", cancel, { once: true });
    xhr.onload = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", cancel);
      resolve(
        new Response(xhr.status === 204 ? null : xhr.responseText, {
          status: xhr.status,
          headers: { "Content-Type": xhr.getResponseHeader("Content-Type") ?? "" },
        }),
      );
    };
    const fail = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", cancel);
      reject(
        new ApiError(
          timedOut ? `timeout of ${REQUEST_TIMEOUT_MS}ms exceeded` : "Network Error",
          0,
          timedOut ? "ECONNABORTED" : "ERR_NETWORK",
        ),
      );
    };
    xhr.onerror = fail;
    xhr.onabort = fail;
    onProgress?.(0);
    restartTimer();
    xhr.send(body);
  });
}
