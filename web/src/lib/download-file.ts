import type { ClientResponse } from "hono/client";
import { data } from "./api-client";

/** The name a Content-Disposition header gives: RFC 5987's UTF-8 `filename*` first, else the plain `filename`. */
function fileNameOf(disposition: string | null, fallback: string): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? "")?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // A malformed name falls back to the plain one.
    }
  }
  return /filename="([^"]*)"/i.exec(disposition ?? "")?.[1] || fallback;
}

/**
 * Saves a file the API answers (an export) under the name the server gives it. A failure throws the ApiError `data`
 * makes of it, with the server's `error` message.
 */
export async function downloadFile(call: Promise<ClientResponse<unknown, number, string>>, fallbackName: string): Promise<void> {
  const response = await call;
  if (!response.ok) await data(Promise.resolve(response as ClientResponse<unknown, number, "json">));
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = fileNameOf(response.headers.get("Content-Disposition"), fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
