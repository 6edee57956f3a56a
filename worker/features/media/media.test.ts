import { env } from "cloudflare:workers";
import type { InferRequestType } from "hono/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import app from "@worker/app";
import { apiAs, apiWith, errorOf } from "@worker/test/client";
import { makeUser } from "@worker/test/helpers";

const UNSPLASH_KEY = "unsplash-test-key";
const PEXELS_KEY = "pexels-test-key";

const unsplashPhoto = (id: string) => ({
  id,
  urls: {
    raw: `https://u/${id}/raw`,
    full: `https://u/${id}/full`,
    regular: `https://u/${id}/regular`,
    small: `https://u/${id}/small`,
    thumb: "t",
  },
  user: { name: `Ana ${id}`, links: { html: `https://unsplash.com/@${id}` } },
});
const pexelsPhoto = (id: number) => ({
  id,
  src: {
    original: `https://p/${id}/original`,
    large2x: `https://p/${id}/large2x`,
    large: `https://p/${id}/large`,
    medium: `https://p/${id}/medium`,
    small: `https://p/${id}/small`,
  },
  photographer: `Rui ${id}`,
  photographer_url: `https://pexels.com/@${id}`,
});

/** Fakes both providers at the fetch boundary and records what was asked of them. */
function fakeProviders({ unsplash = 200, pexels = 200 }: { unsplash?: number | "down"; pexels?: number | "down" } = {}) {
  const requests: { url: URL; headers: Headers }[] = [];
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    requests.push({ url, headers: request.headers });
    const perPage = Number(url.searchParams.get("per_page"));
    if (url.hostname === "api.unsplash.com") {
      if (unsplash === "down") throw new TypeError("network down");
      if (unsplash !== 200) return new Response("nope", { status: unsplash });
      return Response.json({ total: 100, results: Array.from({ length: perPage }, (_, i) => unsplashPhoto(`u${i}`)) });
    }
    if (url.hostname === "api.pexels.com") {
      if (pexels === "down") throw new TypeError("network down");
      if (pexels !== 200) return new Response("nope", { status: pexels });
      return Response.json({ photos: Array.from({ length: perPage }, (_, i) => pexelsPhoto(i)) });
    }
    return new Response("unexpected", { status: 599 });
  });
  return { requests, spy };
}

type Keys = { UNSPLASH_ACCESS_KEY?: string; PEXELS_API_KEY?: string };
type Query = InferRequestType<ReturnType<typeof apiAs>["api"]["v2"]["media"]["search"]["$get"]>["query"];

/** Searches as a signed-in user of a deployment with these provider keys. */
const search = async (query: Query, keys: Keys = {}) => apiWith(keys, (await makeUser()).token).api.v2.media.search.$get({ query });
/** The same for a query outside the route's types (no query at all, an unknown orientation). */
const searchRaw = async (query: string, keys: Keys = {}) => {
  const user = await makeUser();
  return app.request(`/api/v2/media/search?${query}`, { headers: { Authorization: `Bearer ${user.token}` } }, { ...env, ...keys });
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe("GET /api/v2/media/search", () => {
  it("answers configured: false with an empty list when no provider key is set", async () => {
    const { spy } = fakeProviders();
    const response = await search({ query: "beach" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ results: [], page: 1, configured: false, message: "Image search is not configured" });
    expect(spy).not.toHaveBeenCalled();
  });

  it("refuses an empty query with 'Enter a search term to find images'", async () => {
    const keys = { UNSPLASH_ACCESS_KEY: UNSPLASH_KEY };
    for (const response of [await searchRaw("", keys), await search({ query: "" }, keys), await search({ query: "  " }, keys)]) {
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe("Enter a search term to find images");
    }
  });

  it("asks Unsplash with the key, the page, the limit and the orientation, and normalises its photos", async () => {
    const { requests } = fakeProviders();
    const response = await search(
      { query: "lisbon tram", page: "2", limit: "3", orientation: "portrait" },
      { UNSPLASH_ACCESS_KEY: UNSPLASH_KEY },
    );
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ page: 2, configured: true });
    expect(body.results).toHaveLength(3);
    expect(body.results[0]).toEqual({
      photoId: "u0",
      source: "UNSPLASH",
      urls: { small: "https://u/u0/small", medium: "https://u/u0/regular", large: "https://u/u0/full", raw: "https://u/u0/raw" },
      attribution: { name: "Ana u0", profileUrl: "https://unsplash.com/@u0" },
    });
    expect(requests).toHaveLength(1);
    const { url, headers } = requests[0]!;
    expect(`${url.origin}${url.pathname}`).toBe("https://api.unsplash.com/search/photos");
    expect(Object.fromEntries(url.searchParams)).toEqual({ query: "lisbon tram", page: "2", per_page: "3", orientation: "portrait" });
    expect(headers.get("Authorization")).toBe(`Client-ID ${UNSPLASH_KEY}`);
    expect(JSON.stringify(body)).not.toContain(UNSPLASH_KEY);
  });

  it("asks Pexels with its key, mapping squarish to square, and normalises its photos", async () => {
    const { requests } = fakeProviders();
    const response = await search({ query: "beach", orientation: "squarish", limit: "2" }, { PEXELS_API_KEY: PEXELS_KEY });
    const body = await response.json();
    expect(body.results[1]).toEqual({
      photoId: "1",
      source: "PEXELS",
      urls: { small: "https://p/1/medium", medium: "https://p/1/large", large: "https://p/1/large2x", raw: "https://p/1/original" },
      attribution: { name: "Rui 1", profileUrl: "https://pexels.com/@1" },
    });
    const { url, headers } = requests[0]!;
    expect(`${url.origin}${url.pathname}`).toBe("https://api.pexels.com/v1/search");
    expect(Object.fromEntries(url.searchParams)).toEqual({ query: "beach", page: "1", per_page: "2", orientation: "square" });
    expect(headers.get("Authorization")).toBe(PEXELS_KEY);
  });

  it("uses the defaults page 1, limit 30, landscape, and interleaves both providers' photos", async () => {
    const { requests } = fakeProviders();
    const response = await search({ query: "beach" }, { UNSPLASH_ACCESS_KEY: UNSPLASH_KEY, PEXELS_API_KEY: PEXELS_KEY });
    const body = await response.json();
    expect(body.page).toBe(1);
    expect(body.results).toHaveLength(30);
    expect(body.results.slice(0, 4).map((r) => [r.source, r.photoId])).toEqual([
      ["UNSPLASH", "u0"],
      ["PEXELS", "0"],
      ["UNSPLASH", "u1"],
      ["PEXELS", "1"],
    ]);
    expect(requests.map((r) => [r.url.hostname, r.url.searchParams.get("per_page"), r.url.searchParams.get("orientation")]).sort()).toEqual(
      [
        ["api.pexels.com", "15", "landscape"],
        ["api.unsplash.com", "15", "landscape"],
      ],
    );
  });

  it("answers the other provider's photos when one fails", async () => {
    fakeProviders({ unsplash: 500 });
    const bothKeys = { UNSPLASH_ACCESS_KEY: UNSPLASH_KEY, PEXELS_API_KEY: PEXELS_KEY };
    const pexelsOnly = await (await search({ query: "beach", limit: "4" }, bothKeys)).json();
    expect(pexelsOnly.configured).toBe(true);
    expect(pexelsOnly.results.map((r) => r.source)).toEqual(["PEXELS", "PEXELS"]);
    vi.restoreAllMocks();
    fakeProviders({ pexels: "down" });
    const unsplashOnly = await (await search({ query: "beach", limit: "4" }, bothKeys)).json();
    expect(unsplashOnly.results.map((r) => r.source)).toEqual(["UNSPLASH", "UNSPLASH"]);
  });

  it("answers 502 'Failed to load images. Please try again.' when every provider fails", async () => {
    fakeProviders({ unsplash: 401, pexels: "down" });
    const response = await search({ query: "beach" }, { UNSPLASH_ACCESS_KEY: UNSPLASH_KEY, PEXELS_API_KEY: PEXELS_KEY });
    expect(response.status).toBe(502);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: "Failed to load images. Please try again." });
    expect(text).not.toContain(UNSPLASH_KEY);
    expect(text).not.toContain(PEXELS_KEY);
  });

  it("refuses an unknown orientation and a limit outside 1 to 30", async () => {
    const keys = { UNSPLASH_ACCESS_KEY: UNSPLASH_KEY };
    expect(await errorOf(await searchRaw("query=a&orientation=wide", keys))).toBe("orientation must be landscape, portrait or squarish");
    expect(await errorOf(await search({ query: "a", limit: "31" }, keys))).toBe("limit must be a whole number from 1 to 30");
    expect(await errorOf(await search({ query: "a", page: "0" }, keys))).toBe("page must be a whole number of at least 1");
  });

  it("needs a signed-in caller", async () => {
    expect((await apiAs().api.v2.media.search.$get({ query: { query: "beach" } })).status).toBe(401);
  });
});
