import { describe, expect, it } from "vitest";
import { call, makeUser, newSession } from "./helpers";
import { addActivity, experience } from "./itinerary";
import { HOUR } from "./time";

// A fuzz pass once got a 500 from PUT /api/feeds/{eventId}/media for the JSON `{}`, right after other calls: every route
// that reads a body answers tiny, empty and mistyped ones with a 4xx { error }, every time, sent side by side.

type Operation = { requestBody?: { content?: Record<string, unknown> } };
type Document = { paths: Record<string, Record<string, Operation>> };

/** `{}` as JSON, no body at all, JSON sent as text, and an empty form: each sent to each route that reads a body. */
const BODIES: { name: string; contentType?: string; body?: () => BodyInit }[] = [
  { name: "the JSON {}", contentType: "application/json", body: () => "{}" },
  { name: "an empty JSON body", contentType: "application/json", body: () => "" },
  { name: "no body", body: undefined },
  { name: "JSON sent as text/plain", contentType: "text/plain", body: () => "{}" },
  { name: "a form with no fields", body: () => new FormData() },
  { name: "a two-byte octet stream", contentType: "application/octet-stream", body: () => new Uint8Array([0xff, 0xd8]) },
];

async function fixture() {
  const owner = await makeUser();
  const { event, start, days } = await experience(owner.id);
  const activity = await addActivity(event.id, days[0]!.id, start + 10 * HOUR);
  const ids: Record<string, string> = { id: event.id, eventId: event.id, listId: event.id, dayId: days[0]!.id, activityId: activity.id };
  return { owner, event, ids };
}

/** Sends `count` requests at once (a fresh session each: a logout must not sign out the others) and reads each answer. */
async function sideBySide(requests: { label: string; path: string; method: string; userId: string; body: (typeof BODIES)[number] }[]) {
  return Promise.all(
    requests.map(async ({ label, path, method, userId, body }) => {
      const { authToken } = await newSession(userId);
      const headers = new Headers(body.contentType ? { "Content-Type": body.contentType } : {});
      const res = await call(path, { method, headers, body: body.body?.(), token: authToken });
      const text = await res.text();
      return { label: `${label} → ${res.status} ${text.slice(0, 120)}`, status: res.status, text, type: res.headers.get("Content-Type") };
    }),
  );
}

const refusedInWords = (answer: { status: number; text: string; type: string | null }) =>
  answer.status >= 400 &&
  answer.status < 500 &&
  /^application\/json/.test(answer.type ?? "") &&
  typeof JSON.parse(answer.text).error === "string";

describe("tiny, empty and mistyped bodies", () => {
  it("answer PUT /api/feeds/{eventId}/media with a 4xx { error }, 20 at a time, again and again", { timeout: 60_000 }, async () => {
    const { owner, event } = await fixture();
    for (let round = 0; round < 3; round++) {
      const answers = await sideBySide(
        Array.from({ length: 20 }, (_, n) => {
          const body = BODIES[n % BODIES.length]!;
          return { label: `round ${round}, ${body.name}`, path: `/api/feeds/${event.id}/media`, method: "PUT", userId: owner.id, body };
        }),
      );
      for (const answer of answers) expect(refusedInWords(answer), answer.label).toBe(true);
    }
  });

  it(
    "never get a 5xx from any route that reads a body, sent 20 at a time; a refusal is a JSON { error }",
    { timeout: 120_000 },
    async () => {
      const document = (await (await call("/oapi/openapi.json")).json()) as Document;
      const { owner, ids } = await fixture();
      const requests = Object.entries(document.paths).flatMap(([path, item]) =>
        Object.entries(item)
          .filter(([, operation]) => operation.requestBody?.content)
          .flatMap(([method, operation]) => {
            // A DELETE never names the fixture, which it would remove for the next requests.
            const url = path
              .replace(/\{(\w+)\}/g, (_, name: string) => (method === "delete" ? "x" : (ids[name] ?? "x")))
              .replace("/*", "/x");
            const documented = Object.keys(operation.requestBody?.content ?? {}).join(", ");
            return BODIES.map((body) => ({
              label: `${method.toUpperCase()} ${path} (${documented}), ${body.name}`,
              path: url,
              method,
              userId: owner.id,
              body,
            }));
          }),
      );
      expect(requests.length).toBeGreaterThan(200);
      for (let at = 0; at < requests.length; at += 20) {
        for (const answer of await sideBySide(requests.slice(at, at + 20))) {
          expect(answer.status, answer.label).toBeLessThan(500);
          if (answer.status >= 400) expect(refusedInWords(answer), answer.label).toBe(true);
        }
      }
    },
  );
});
