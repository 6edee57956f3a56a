import { QueryClient } from "@tanstack/react-query";
import { persistQueryClientSave, type PersistQueryClientOptions } from "@tanstack/react-query-persist-client";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { anExperience, aUser } from "@web/test/fixtures";
import { server } from "@web/test/server";
import { logout } from "./logout";
import { BUILD_VERSION, forgetOtherUsers, idbOfflineStorage, offlinePersistOptions } from "./offline-cache";
import { changeKeys, documentKeys, experienceKeys, feedKeys, profileKeys, rsvpKeys } from "./queries/query-keys";
import { session } from "./session";

// IndexedDB as idb-keyval sees it: one Map per store (jsdom has no IndexedDB).
const idb = vi.hoisted(() => new Map<string, unknown>());
vi.mock("idb-keyval", () => ({
  createStore: () => "store",
  get: async (key: string) => idb.get(key),
  set: async (key: string, value: unknown) => void idb.set(key, value),
  del: async (key: string) => void idb.delete(key),
  keys: async () => [...idb.keys()],
  clear: async () => idb.clear(),
}));

beforeEach(() => {
  vi.stubGlobal("indexedDB", {});
  idb.clear();
  session.save({ authToken: "a", refreshToken: "r", user: aUser({ guid: "me" }) });
});
afterEach(() => vi.unstubAllGlobals());

/** A client holding what a participant's pages read, saved as the app saves it for "me". */
async function saveFor(guid: string) {
  const client = new QueryClient();
  const set = (key: readonly unknown[], value: unknown = { some: "data" }) => client.setQueryData(key, value);
  set(experienceKeys.detail("ev1"), anExperience());
  set(experienceKeys.all, [anExperience()]);
  set(experienceKeys.publicItinerary("ev1"));
  set(feedKeys.list("ev1", "api"));
  set(rsvpKeys.list("ev1"), []);
  set(rsvpKeys.self("ev1"), { status: "YES" });
  set(["attendees", "ev1"], []);
  set(documentKeys.of("ev1", "me"), []);
  set(documentKeys.of("ev1", "common"), []);
  set(documentKeys.of("ev1", "someone-else"), []);
  set(["pass", "ev1", "mine"], { token: "t" });
  set(profileKeys.current, aUser());
  set(changeKeys.event("ev1"));
  const options = offlinePersistOptions(guid);
  await persistQueryClientSave({ ...options, queryClient: client as unknown as PersistQueryClientOptions["queryClient"] });
}

const storedKeys = (guid: string) => {
  const stored = JSON.parse(idb.get(`queries:${guid}`) as string) as { clientState: { queries: { queryKey: unknown[] }[] } };
  return stored.clientState.queries.map((query) => query.queryKey);
};

describe("the query cache kept for offline use", () => {
  it("keeps only each experience's detail, the person's own RSVP, their own documents list and their pass", async () => {
    await saveFor("me");
    expect(storedKeys("me")).toEqual([
      ["event", "ev1"],
      ["rsvp", "ev1", "self"],
      ["documents", "ev1", "me"],
      ["pass", "ev1", "mine"],
    ]);
  });

  it("is stored under the signed-in person's id, and never written once they signed out", async () => {
    await saveFor("me");
    expect([...idb.keys()]).toEqual(["queries:me"]);
    idb.clear();
    session.clear();
    await saveFor("me");
    expect(idb.size).toBe(0);
  });

  it("is cleared at logout, with the server unreachable too", async () => {
    await saveFor("me");
    server.use(http.post("/auth/logout", () => HttpResponse.error()));
    const navigate = vi.fn();
    await logout(navigate);
    expect(idb.size).toBe(0);
    expect(navigate).toHaveBeenCalledWith("/");
  });

  it("drops what other users kept when someone else signs in", async () => {
    idb.set("queries:previous", "{}");
    await saveFor("me");
    await forgetOtherUsers("me");
    expect([...idb.keys()]).toEqual(["queries:me"]);
  });

  it("is read for 30 days, and only by the build that wrote it", () => {
    const options = offlinePersistOptions("me", idbOfflineStorage);
    expect([options.maxAge, options.buster]).toEqual([30 * 24 * 60 * 60 * 1000, BUILD_VERSION]);
  });
});
