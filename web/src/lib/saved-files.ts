import { intlLocale } from "@worker/shared/locales";
import { i18n } from "./i18n";
import { STORAGE_KEYS, storage } from "./storage";

/**
 * Files a participant saved for offline use ('Save for offline' on the Documents tab), in Cache Storage under the URL
 * the app shows them at (a signed /files/… URL: no credentials needed). The service worker answers from this cache
 * when the network fails; the page also opens them from here itself. Only files: never the API's JSON.
 */
export const SAVED_FILES_CACHE = "experiences-saved-files";

/** A saved file: its URL, the name it was saved with, and its size in bytes. */
export interface SavedFile {
  url: string;
  name: string;
  size: number;
}

const NAME_HEADER = "X-Saved-Name";
/** A signed URL's query changes weekly: a file is the same file whatever its signature. */
const ANY_SIGNATURE = { ignoreSearch: true };

const hasCaches = () => typeof caches !== "undefined";
const pathOf = (url: string) => new URL(url, location.href).pathname;

/** Fetches the file and keeps it; the first save asks the browser to keep the app's storage (navigator.storage.persist()). */
export async function saveFile(url: string, name: string): Promise<SavedFile> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(/*i18n*/ "The file could not be saved");
  const blob = await response.blob();
  const cache = await caches.open(SAVED_FILES_CACHE);
  await cache.delete(pathOf(url), ANY_SIGNATURE);
  await cache.put(
    url,
    new Response(blob, {
      headers: {
        "Content-Type": blob.type || (response.headers.get("Content-Type") ?? "application/octet-stream"),
        "Content-Length": String(blob.size),
        [NAME_HEADER]: encodeURIComponent(name),
      },
    }),
  );
  askToPersistOnce();
  return { url, name, size: blob.size };
}

function askToPersistOnce() {
  if (storage.get<boolean>(STORAGE_KEYS.storagePersistAsked)) return;
  storage.set(STORAGE_KEYS.storagePersistAsked, true);
  void navigator.storage?.persist?.().catch(() => undefined);
}

export async function removeSavedFile(url: string): Promise<void> {
  if (!hasCaches()) return;
  const cache = await caches.open(SAVED_FILES_CACHE);
  await cache.delete(pathOf(url), ANY_SIGNATURE);
}

/** Every saved file, in the order saved. */
export async function savedFiles(): Promise<SavedFile[]> {
  if (!hasCaches()) return [];
  const cache = await caches.open(SAVED_FILES_CACHE);
  const requests = await cache.keys();
  const files = await Promise.all(
    requests.map(async (request) => {
      const response = await cache.match(request);
      if (!response) return null;
      const size = Number(response.headers.get("Content-Length")) || (await response.blob()).size;
      return { url: request.url, name: decodeURIComponent(response.headers.get(NAME_HEADER) ?? ""), size };
    }),
  );
  return files.filter((file) => file !== null);
}

/** Whether `url` is among `files`, whatever its signature. */
export const isSaved = (files: readonly SavedFile[], url: string) => files.some((file) => pathOf(file.url) === pathOf(url));

/** A saved file as an object URL to open (revoke it when done), or null when it was not saved. */
export async function savedFileUrl(url: string): Promise<string | null> {
  if (!hasCaches()) return null;
  const cache = await caches.open(SAVED_FILES_CACHE);
  const response = await cache.match(pathOf(url), ANY_SIGNATURE);
  return response ? URL.createObjectURL(await response.blob()) : null;
}

/** At logout: nothing saved stays on the device. */
export const forgetSavedFiles = async () => {
  if (hasCaches()) await caches.delete(SAVED_FILES_CACHE);
};

/** A number with `digits` decimals, as the page's language writes it ('4.2', '4,2'). */
const decimal = (value: number, digits: number) =>
  new Intl.NumberFormat(intlLocale(i18n.locale), { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);

/** '4.2 MB': a size as the summary and each file show it, in the page's language. */
export function formatSize(bytes: number): string {
  if (bytes < 1000) return i18n._("{size} B", { size: decimal(bytes, 0) });
  if (bytes < 1000 * 1000) return i18n._("{size} kB", { size: decimal(bytes / 1000, bytes < 10_000 ? 1 : 0) });
  return i18n._("{size} MB", { size: decimal(bytes / 1000 / 1000, 1) });
}
