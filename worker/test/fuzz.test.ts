import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { call, makeEvent, makeUser } from "./helpers";

// Sends invalid and extreme input to every operation of the OpenAPI document: no 5xx, always a JSON
// { error } for a refusal, and a refused request changes nothing.

type Parameter = { in: string; name: string };
type Operation = { parameters?: Parameter[]; requestBody?: { content: Record<string, unknown> } };
type Document = { paths: Record<string, Record<string, Operation>> };

const MB = 1024 * 1024;
const nasty = fc.constantFrom(
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\u202Eevil\u202C",
  "مرحبا",
  "../../etc/passwd",
  "%00",
  "<script>alert(1)</script>",
  "'; DROP TABLE events; --",
  "9999-12-31T23:59:59Z",
  "+275760-09-13T00:00:00.000Z",
  "2026-02-30T00:00:00Z",
  "not-a-date",
  "NaN",
  "-1",
  "1e309",
  "true",
  "null",
  "🎉".repeat(50),
);
const huge = fc.constantFrom("x".repeat(MB), "x".repeat(3 * MB), "\u0000".repeat(64 * 1024), "é".repeat(300_000));
const text = fc.oneof(
  { weight: 6, arbitrary: nasty },
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: huge },
);
const scalar = fc.oneof(text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 3 }));
/** Objects with the fields operations read, of every wrong type, plus extra fields. */
const FIELDS = [
  "name",
  "privacy",
  "rsvpType",
  "startIsoTime",
  "endIsoTime",
  "startDateTime",
  "programIds",
  "emailId",
  "emailOrPhone",
  "password",
  "otp",
  "id",
  "rawUrl",
  "source",
  "documents",
  "location",
  "tags",
  "firstName",
  "credential",
  "file",
  "__proto__",
  "constructor",
];
const jsonBody = fc.oneof(fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 6 }), fc.array(value, { maxLength: 3 }), scalar);

type Body = { contentType?: string; body?: BodyInit };
const bodies: fc.Arbitrary<Body> = fc.oneof(
  jsonBody.map((json) => ({ contentType: "application/json", body: JSON.stringify(json) })),
  jsonBody.map((json) => ({ contentType: "text/plain", body: JSON.stringify(json) })),
  fc.constant({ contentType: "application/json", body: "{not json" }),
  fc.constant({}),
  fc.dictionary(fc.constantFrom(...FIELDS), text, { maxKeys: 5 }).map((fields) => {
    const form = new FormData();
    for (const [key, v] of Object.entries(fields)) form.append(key, v);
    if (fields.name !== undefined)
      form.append("file", new File([new Uint8Array([0x3c, 0x68, 0x74, 0x6d, 0x6c])], "poly.html", { type: "image/png" }));
    return { body: form };
  }),
  fc.dictionary(fc.constantFrom(...FIELDS), text, { maxKeys: 5 }).map((fields) => ({
    contentType: "application/x-www-form-urlencoded",
    body: new URLSearchParams(fields).toString(),
  })),
);

/** Every row that a refused request must leave alone (logs of attempts, codes and mail are not in it). */
async function snapshot(): Promise<string> {
  const tables = [
    "users",
    "user_tags",
    "events",
    "event_hosts",
    "programs",
    "activities",
    "documents",
    "activity_documents",
    "files",
    "rsvps",
    "feed_posts",
    "feed_likes",
    "feed_comments",
    "bulletins",
    "feedback_forms",
    "feedback_fields",
    "feedback_responses",
    "feedback_answers",
  ];
  const parts = await env.DB.batch(tables.map((table) => env.DB.prepare(`select * from ${table} order by rowid`)));
  return JSON.stringify(parts.map((part) => part.results));
}

async function fixture() {
  const owner = await makeUser();
  const event = await makeEvent(owner.id);
  const days = await env.DB.prepare("select id from programs where event_id = ?").bind(event.id).all<{ id: string }>();
  return { owner, ids: { id: event.id, eventId: event.id, dayId: days.results[0]?.id ?? "", userId: owner.id } as Record<string, string> };
}

describe("every operation of the OpenAPI document, given invalid and extreme input", () => {
  // One test for all operations: per-operation tests would each pay for isolated storage, tripling the time.
  it("answers a 4xx JSON { error } or a documented success, never a 5xx, and a refusal changes nothing", { timeout: 300_000 }, async () => {
    const document = (await (await call("/oapi/openapi.json")).json()) as Document;
    const { owner, ids } = await fixture();
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
    );
    expect(operations.length).toBeGreaterThan(40);

    for (const { path, method, operation } of operations) {
      const pathNames = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      const queryNames = (operation.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name);
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.oneof(text, fc.constant("real")), { minLength: pathNames.length, maxLength: pathNames.length }),
          fc.dictionary(fc.constantFrom(...queryNames, "extra"), text, { maxKeys: 3 }),
          bodies,
          fc.boolean(),
          async (pathValues, query, body, signedIn) => {
            // A real id reaches the checks past the path; never for a DELETE, which would remove the fixture.
            const segment = (name: string, i: number) =>
              pathValues[i] === "real" && method !== "DELETE"
                ? (ids[name] ?? "x")
                : encodeURIComponent(pathValues[i] === "real" ? "x" : pathValues[i]!);
            const url = path.replace(/\{(\w+)\}/g, (_, name: string) => segment(name, pathNames.indexOf(name))).replace("/*", "/x");
            const search = new URLSearchParams(query).toString().slice(0, 2 * MB);
            const headers = new Headers(body.contentType ? { "Content-Type": body.contentType } : {});
            const before = await snapshot();
            const res = await call(`${url}${search ? `?${search}` : ""}`, {
              method,
              headers,
              body: method === "GET" || method === "HEAD" ? undefined : body.body,
              token: signedIn ? owner.token : undefined,
            });
            const label = `${method} ${path} → ${res.status}`;
            expect(res.status, label).toBeLessThan(500);
            if (res.status >= 400 && res.headers.get("Content-Type")?.startsWith("application/json")) {
              const answer = await res.json<{ error?: unknown }>();
              expect(typeof answer.error, label).toBe("string");
              expect(await snapshot(), `${label} changed data`).toBe(before);
            } else {
              await res.body?.cancel();
            }
          },
        ),
        { numRuns: 12, seed: 8 },
      );
    }
  });
});
