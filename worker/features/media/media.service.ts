import type { Bindings } from "@worker/env";
import { AppError } from "@worker/lib/errors";
import { MEDIA_MESSAGES, type MediaResult, type MediaSearchAnswer, type MediaSearchInput } from "./media.schema";

const TIMEOUT_MS = 10_000;

interface Provider {
  name: string;
  search(query: MediaSearchInput, perPage: number): Promise<MediaResult[]>;
}

async function getJson(url: URL, headers: Record<string, string>): Promise<unknown> {
  const response = await fetch(url, { headers: { Accept: "application/json", ...headers }, signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${url.hostname} answered ${response.status}`);
  return response.json();
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

interface UnsplashPhoto {
  id?: unknown;
  urls?: { raw?: unknown; full?: unknown; regular?: unknown; small?: unknown };
  user?: { name?: unknown; links?: { html?: unknown } };
}

const unsplash = (key: string): Provider => ({
  name: "Unsplash",
  async search({ query, page, orientation }, perPage) {
    const url = new URL("https://api.unsplash.com/search/photos");
    url.search = new URLSearchParams({ query, page: String(page), per_page: String(perPage), orientation }).toString();
    const body = (await getJson(url, { Authorization: `Client-ID ${key}`, "Accept-Version": "v1" })) as { results?: UnsplashPhoto[] };
    return (body.results ?? []).map((photo) => ({
      photoId: String(photo.id ?? ""),
      source: "UNSPLASH" as const,
      urls: {
        small: text(photo.urls?.small),
        medium: text(photo.urls?.regular),
        large: text(photo.urls?.full),
        raw: text(photo.urls?.raw),
      },
      attribution: { name: text(photo.user?.name), profileUrl: text(photo.user?.links?.html) },
    }));
  },
});

interface PexelsPhoto {
  id?: unknown;
  src?: { original?: unknown; large2x?: unknown; large?: unknown; medium?: unknown; small?: unknown };
  photographer?: unknown;
  photographer_url?: unknown;
}

// Pexels names the square orientation "square".
const PEXELS_ORIENTATION = { landscape: "landscape", portrait: "portrait", squarish: "square" } as const;

const pexels = (key: string): Provider => ({
  name: "Pexels",
  async search({ query, page, orientation }, perPage) {
    const url = new URL("https://api.pexels.com/v1/search");
    url.search = new URLSearchParams({
      query,
      page: String(page),
      per_page: String(perPage),
      orientation: PEXELS_ORIENTATION[orientation],
    }).toString();
    const body = (await getJson(url, { Authorization: key })) as { photos?: PexelsPhoto[] };
    return (body.photos ?? []).map((photo) => ({
      photoId: String(photo.id ?? ""),
      source: "PEXELS" as const,
      urls: {
        small: text(photo.src?.medium) || text(photo.src?.small),
        medium: text(photo.src?.large),
        large: text(photo.src?.large2x) || text(photo.src?.large),
        raw: text(photo.src?.original),
      },
      attribution: { name: text(photo.photographer), profileUrl: text(photo.photographer_url) },
    }));
  },
});

function interleave<T>(lists: T[][]): T[] {
  const merged: T[] = [];
  for (let i = 0; i < Math.max(0, ...lists.map((l) => l.length)); i++) {
    for (const list of lists) if (i < list.length) merged.push(list[i]!);
  }
  return merged;
}

/**
 * Searches every configured provider at once, `limit` results in all. A failing provider is left out;
 * only when all fail is the search an error.
 */
export async function searchMedia(env: Bindings, input: MediaSearchInput): Promise<MediaSearchAnswer> {
  const providers = [
    ...(env.UNSPLASH_ACCESS_KEY ? [unsplash(env.UNSPLASH_ACCESS_KEY)] : []),
    ...(env.PEXELS_API_KEY ? [pexels(env.PEXELS_API_KEY)] : []),
  ];
  if (providers.length === 0) return { results: [], page: input.page, configured: false, message: MEDIA_MESSAGES.notConfigured };
  const perPage = Math.ceil(input.limit / providers.length);
  const settled = await Promise.allSettled(providers.map((p) => p.search(input, perPage)));
  const lists: MediaResult[][] = [];
  settled.forEach((outcome, i) => {
    if (outcome.status === "fulfilled") lists.push(outcome.value.filter((r) => r.photoId && r.urls.raw));
    else console.error(`${providers[i]!.name} image search failed`, outcome.reason);
  });
  if (lists.length === 0) throw new AppError(502, MEDIA_MESSAGES.failed);
  return { results: interleave(lists).slice(0, input.limit), page: input.page, configured: true };
}
