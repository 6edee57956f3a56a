import { afterEach, describe, expect, it, vi } from "vitest";
import { apiAs, apiWith, errorOf } from "@worker/test/client";
import { call, makeUser } from "@worker/test/helpers";

const KEY = "maps-secret-key-123";

function fakeGoogle(answer: (url: URL, request: Request) => Response | Promise<Response>) {
  const requests: { url: URL; request: Request; body: string }[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    requests.push({ url, request, body: request.method === "POST" ? await request.clone().text() : "" });
    return answer(url, request);
  });
  return requests;
}

/** The places routes as a signed-in user of a deployment with this Google Maps key (none for null). */
const placesWith = async (key: string | null = KEY) =>
  apiWith({ GOOGLE_MAPS_API_KEY: key ?? undefined }, (await makeUser()).token).api.places;
const autocomplete = async (input: string, key: string | null = KEY) => (await placesWith(key)).autocomplete.$get({ query: { input } });
const details = async (placeId: string, key: string | null = KEY) =>
  (await placesWith(key)).details[":placeId"].$get({ param: { placeId } });

afterEach(() => {
  vi.restoreAllMocks();
});

const SUGGESTIONS = {
  suggestions: [
    {
      placePrediction: {
        placeId: "ChIJ1",
        text: { text: "Time Out Market, Av. 24 de Julho, Lisboa, Portugal" },
        structuredFormat: { mainText: { text: "Time Out Market" }, secondaryText: { text: "Av. 24 de Julho, Lisboa, Portugal" } },
      },
    },
    { placePrediction: { placeId: "ChIJ2", text: { text: "Lisboa" }, structuredFormat: { mainText: { text: "Lisboa" } } } },
    { queryPrediction: { text: { text: "lisbon restaurants" } } },
  ],
};

describe("GET /api/places/autocomplete", () => {
  it("asks Google Places with the key in a header and answers the suggestions, never the key", async () => {
    const requests = fakeGoogle(() => Response.json(SUGGESTIONS));
    const response = await autocomplete("time out");
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      suggestions: [
        {
          placeId: "ChIJ1",
          description: "Time Out Market, Av. 24 de Julho, Lisboa, Portugal",
          mainText: "Time Out Market",
          secondaryText: "Av. 24 de Julho, Lisboa, Portugal",
        },
        { placeId: "ChIJ2", description: "Lisboa", mainText: "Lisboa", secondaryText: "" },
      ],
      configured: true,
    });
    expect(text).not.toContain(KEY);
    const [{ url, request, body }] = requests as [(typeof requests)[number]];
    expect(request.method).toBe("POST");
    expect(url.href).toBe("https://places.googleapis.com/v1/places:autocomplete");
    expect(url.search).toBe("");
    expect(request.headers.get("X-Goog-Api-Key")).toBe(KEY);
    expect(request.headers.get("Content-Type")).toBe("application/json");
    expect(JSON.parse(body)).toEqual({ input: "time out" });
  });

  it("answers configured: false without a key, asking no one", async () => {
    const requests = fakeGoogle(() => Response.json(SUGGESTIONS));
    const response = await autocomplete("lisbon", null);
    expect(await response.json()).toEqual({ suggestions: [], configured: false, message: "Place search is not configured" });
    expect(requests).toEqual([]);
  });

  it("needs at least 2 characters", async () => {
    fakeGoogle(() => Response.json(SUGGESTIONS));
    // Without input at all: outside the route's types.
    const noInput = call("/api/places/autocomplete", { token: (await makeUser()).token });
    for (const response of [await autocomplete("a"), await autocomplete(" a "), await noInput]) {
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe("Type at least 2 characters to search");
    }
  });

  it("answers 502 without the key or Google's text when Google fails", async () => {
    fakeGoogle(() => Response.json({ error: { message: `API key ${KEY} not valid` } }, { status: 403 }));
    const failed = await autocomplete("lisbon");
    expect(failed.status).toBe(502);
    const text = await failed.text();
    expect(JSON.parse(text)).toEqual({ error: "Place search failed. Please try again." });
    expect(text).not.toContain(KEY);
    vi.restoreAllMocks();
    fakeGoogle(() => {
      throw new TypeError("network down");
    });
    expect((await autocomplete("lisbon")).status).toBe(502);
  });

  it("needs a signed-in caller", async () => {
    expect((await apiAs().api.places.autocomplete.$get({ query: { input: "lisbon" } })).status).toBe(401);
  });
});

describe("GET /api/places/details/:placeId", () => {
  it("answers the place as an activity location, asking only for the fields it needs", async () => {
    const requests = fakeGoogle(() =>
      Response.json({
        id: "ChIJ1",
        displayName: { text: "Time Out Market", languageCode: "en" },
        formattedAddress: "Av. 24 de Julho 49, 1200-479 Lisboa, Portugal",
        googleMapsUri: "https://maps.google.com/?cid=42",
      }),
    );
    const response = await details("ChIJ1");
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      structuredFormat: { mainText: { text: "Time Out Market" }, secondaryText: { text: "Av. 24 de Julho 49, 1200-479 Lisboa, Portugal" } },
      description: "Time Out Market, Av. 24 de Julho 49, 1200-479 Lisboa, Portugal",
      googleMapsUri: "https://maps.google.com/?cid=42",
      placeId: "ChIJ1",
    });
    expect(text).not.toContain(KEY);
    const [{ url, request }] = requests as [(typeof requests)[number]];
    expect(url.href).toBe("https://places.googleapis.com/v1/places/ChIJ1");
    expect(request.headers.get("X-Goog-Api-Key")).toBe(KEY);
    expect(request.headers.get("X-Goog-FieldMask")).toBe("id,displayName,formattedAddress,googleMapsUri");
  });

  it("answers 400 'Place search is not configured' without a key", async () => {
    const response = await details("ChIJ1", null);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe("Place search is not configured");
  });

  it("answers 404 for an unknown or malformed place id, without asking Google about a malformed one", async () => {
    const requests = fakeGoogle(() => Response.json({ error: { code: 404 } }, { status: 404 }));
    expect(await errorOf(await details("ChIJnope"))).toBe("Place not found");
    expect(requests).toHaveLength(1);
    // The typed client encodes the id, as the web's does: it stays one path segment.
    const malformed = await details("x?key=1");
    expect(malformed.status).toBe(404);
    expect(requests).toHaveLength(1);
  });
});
