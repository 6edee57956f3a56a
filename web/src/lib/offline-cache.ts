import { createAsyncStoragePersister } from "@tanstack/query-async-storage-persister";
import type { PersistQueryClientOptions } from "@tanstack/react-query-persist-client";
import { clear, createStore, del, get, keys, set, type UseStore } from "idb-keyval";
import { documentKeys, experienceKeys, rsvpKeys } from "./queries/query-keys";
import { session } from "./session";

/** How long a participant's experiences stay readable offline without being refreshed. */
const OFFLINE_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * The build's version: a cache written by another build is dropped rather than read with shapes it may not have.
 * `VITE_BUILD_ID` is set by each build (vite.config.ts: the build's time, unless the environment names one).
 */
export const BUILD_VERSION: string = (import.meta.env.VITE_BUILD_ID as string | undefined) ?? "dev";

let idbStore: UseStore | undefined;
/** One IndexedDB store for the app's query caches, opened on first use. */
const store = () => (idbStore ??= createStore("experiences-offline", "query-cache"));
const keyOf = (guid: string) => `queries:${guid}`;

/** Where the persister writes: the store above, or another (tests) with the same three calls. */
export interface OfflineStorage {
  getItem: (key: string) => Promise<string | undefined | null>;
  setItem: (key: string, value: string) => Promise<unknown>;
  removeItem: (key: string) => Promise<void>;
  /** Every stored key. */
  keys: () => Promise<string[]>;
  clear: () => Promise<unknown>;
}

/** Without IndexedDB (a locked-down browser), nothing is kept and nothing fails. */
const hasIdb = () => typeof indexedDB !== "undefined";

export const idbOfflineStorage: OfflineStorage = {
  getItem: async (key) => (hasIdb() ? get<string>(key, store()) : undefined),
  setItem: async (key, value) => hasIdb() && set(key, value, store()),
  removeItem: async (key) => {
    if (hasIdb()) await del(key, store());
  },
  keys: async () => (hasIdb() ? keys<string>(store()) : []),
  clear: async () => hasIdb() && clear(store()),
};

/**
 * What is kept for offline use, and nothing else: each experience's detail (its itinerary is part of it), the
 * person's own RSVP (the page's RSVP row), their own documents list and their pass. No feed, no attendees, no RSVP
 * list, no profile or auth.
 */
function keptOffline(queryKey: readonly unknown[], guid: string): boolean {
  const [kind, eventId, ...rest] = queryKey;
  if (typeof eventId !== "string") return false;
  const same = (key: readonly unknown[]) => key.length === queryKey.length && key.every((part, i) => part === queryKey[i]);
  if (kind === experienceKeys.detail(eventId)[0]) return same(experienceKeys.detail(eventId));
  if (kind === documentKeys.event(eventId)[0]) return same(documentKeys.of(eventId, guid));
  if (kind === rsvpKeys.event(eventId)[0]) return same(rsvpKeys.self(eventId));
  return kind === "pass" && rest.length === 1 && rest[0] === "mine";
}

/**
 * The options of PersistQueryClientProvider for `guid`: their cache in IndexedDB under their id, 30 days at most,
 * dropped by a new build. Writes stop as soon as that user is signed out, so a logout's clearing is the last word.
 */
export function offlinePersistOptions(
  guid: string,
  storage: OfflineStorage = idbOfflineStorage,
): Omit<PersistQueryClientOptions, "queryClient"> {
  const persister = createAsyncStoragePersister({
    key: keyOf(guid),
    // Written soon after each change (the default waits a second): an edit followed at once by a reload must not find
    // the value before the edit kept, and fill a form with it.
    throttleTime: 100,
    storage: {
      getItem: storage.getItem,
      setItem: (key, value) => (session.user()?.guid === guid ? storage.setItem(key, value) : Promise.resolve()),
      removeItem: storage.removeItem,
    },
  });
  return {
    persister,
    maxAge: OFFLINE_MAX_AGE_MS,
    buster: BUILD_VERSION,
    dehydrateOptions: {
      shouldDehydrateQuery: (query: { queryKey: readonly unknown[]; state: { status: string } }) =>
        query.state.status === "success" && keptOffline(query.queryKey, guid),
    },
  };
}

/** Another user signed in on this device: what the previous ones kept goes. */
export async function forgetOtherUsers(guid: string, storage: OfflineStorage = idbOfflineStorage) {
  const others = (await storage.keys()).filter((key) => key !== keyOf(guid));
  await Promise.all(others.map((key) => storage.removeItem(key)));
}

/** At logout: every user's kept queries go. */
export const clearOfflineCache = (storage: OfflineStorage = idbOfflineStorage) => storage.clear();
