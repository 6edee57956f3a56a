import { vi } from "vitest";

/**
 * A minimal CacheStorage (jsdom has none): named caches of responses by URL, with `ignoreSearch`; enough for the
 * saved files (web/src/lib/saved-files.ts). Installed as `caches` until vi.unstubAllGlobals().
 */
export function fakeCacheStorage() {
  const named = new Map<string, Map<string, Response>>();
  const href = (input: RequestInfo | URL) => new URL(input instanceof Request ? input.url : String(input), location.href);
  const find = (entries: Map<string, Response>, input: RequestInfo | URL, options?: CacheQueryOptions) => {
    const wanted = href(input);
    return [...entries.keys()].filter((key) => (options?.ignoreSearch ? new URL(key).pathname === wanted.pathname : key === wanted.href));
  };
  const open = async (name: string) => {
    const entries = named.get(name) ?? new Map<string, Response>();
    named.set(name, entries);
    return {
      put: async (input: RequestInfo | URL, response: Response) => void entries.set(href(input).href, response),
      match: async (input: RequestInfo | URL, options?: CacheQueryOptions) => entries.get(find(entries, input, options)[0] ?? "")?.clone(),
      delete: async (input: RequestInfo | URL, options?: CacheQueryOptions) => {
        const keys = find(entries, input, options);
        for (const key of keys) entries.delete(key);
        return keys.length > 0;
      },
      keys: async () => [...entries.keys()].map((url) => new Request(url)),
    };
  };
  vi.stubGlobal("caches", { open, delete: async (name: string) => named.delete(name) });
  /** The URLs a cache holds. */
  return { urls: (name: string) => [...(named.get(name)?.keys() ?? [])] };
}
