import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { call, makeUser, newSession } from "./helpers";
import { addActivity, experience } from "./itinerary";
import { HOUR } from "./time";

// Sends invalid and extreme input to every operation of the OpenAPI document: no 5xx, always a JSON
// { error } for a refusal, and a refused request changes nothing.
//
// The operations are dealt to several test files (fuzz-1.test.ts …), which run side by side: each file's requests
// slow its own later ones (see below), so four files of a quarter each finish far sooner than one.
//
// Each operation gets a fixed set of cases (values drawn by fast-check from a fixed seed) rather than
// many random runs: every request through the Worker makes the later ones of this file slower
// (cloudflare/workers-sdk#15446: the total grows with about the cube of the count), and a fixed set
// guarantees every kind of input reaches every operation.

type Parameter = { in: string; name: string };
type Content = { content?: Record<string, unknown> };
type Operation = { parameters?: Parameter[]; requestBody?: Content; responses?: Record<string, Content> };
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
/** Built once: each operation's huge case takes the next of them in turn. */
const HUGE = ["x".repeat(MB), "x".repeat(3 * MB), "\u0000".repeat(64 * 1024), "é".repeat(300_000)];
const text = fc.oneof(
  { weight: 6, arbitrary: nasty },
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom(...HUGE) },
);
const scalar = fc.oneof(text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 3 }));
/** The fields operations read, plus some that no operation should trust. */
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
/** Objects with those fields, of every wrong type. */
const wrongTypes = fc.dictionary(fc.constantFrom(...FIELDS), value, { minKeys: 1, maxKeys: 6 });
const fields = fc.dictionary(fc.constantFrom(...FIELDS), text, { minKeys: 1, maxKeys: 5 });

/** zod's default words ('Invalid input: expected string, received undefined'), which no refusal may carry. */
const ZOD_WORDS = /Invalid input|Invalid option|expected \w+, received|Too (big|small):|Unrecognized key/;

type Body = { contentType?: string; body?: BodyInit };
const json = (data: unknown): Body => ({ contentType: "application/json", body: JSON.stringify(data) });
/** A form whose file is an HTML page named and typed as a PNG. */
function polyglotForm(values: Record<string, string>): Body {
  const form = new FormData();
  for (const [key, v] of Object.entries(values)) form.append(key, v);
  form.append("file", new File([new Uint8Array([0x3c, 0x68, 0x74, 0x6d, 0x6c])], "poly.html", { type: "image/png" }));
  return { body: form };
}
/** The other shapes of body: a JSON array or scalar, JSON sent as text, urlencoded fields, none. */
const otherBodies: fc.Arbitrary<Body> = fc.oneof(
  fc.oneof(fc.array(value, { maxLength: 3 }), scalar).map(json),
  wrongTypes.map((data) => ({ contentType: "text/plain", body: JSON.stringify(data) })),
  fields.map((values) => ({ contentType: "application/x-www-form-urlencoded", body: new URLSearchParams(values).toString() })),
  fc.constant({}),
);

/**
 * One request's worth of bad input. `realIds` puts the fixture's ids in the path, to get past the lookups;
 * a `bodyOnly` case differs from the others only in its body, so an operation that reads none skips it.
 */
type Case = { name: string; signedIn: boolean; realIds: boolean; bodyOnly?: boolean; hugeQuery?: boolean; body: fc.Arbitrary<Body> };
const cases = (huge: string, readsForm: boolean): Case[] => [
  { name: "fields of the wrong type", signedIn: true, realIds: true, body: wrongTypes.map(json) },
  {
    // In the media type the operation reads, so the huge values reach its parser.
    name: "a huge body and query",
    signedIn: true,
    realIds: true,
    hugeQuery: true,
    body: fc
      .constantFrom(...FIELDS)
      .map((field) => (readsForm ? polyglotForm({ name: huge, [field]: huge }) : json({ name: huge, [field]: huge }))),
  },
  {
    name: "malformed JSON",
    signedIn: true,
    realIds: true,
    bodyOnly: true,
    body: fc.constant({ contentType: "application/json", body: "{not json" }),
  },
  { name: "a form with a polyglot file", signedIn: true, realIds: true, bodyOnly: true, body: fields.map(polyglotForm) },
  { name: "nasty path values", signedIn: true, realIds: false, body: otherBodies },
  { name: "signed out", signedIn: false, realIds: true, body: fc.oneof(wrongTypes.map(json), otherBodies) },
];

/** Every row that a refused request must leave alone (logs of attempts, sessions, codes and mail are not in it). */
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
    "notification_prefs",
    "notification_mutes",
    "push_subscriptions",
    "change_seen",
    "checkin_lists",
    "checkins",
    "passes",
    "calendar_feeds",
    "feed_reports",
    "feed_mutes",
  ];
  const parts = await env.DB.batch(tables.map((table) => env.DB.prepare(`select * from ${table} order by rowid`)));
  return JSON.stringify(parts.map((part) => part.results));
}

/** An experience as the app keeps them (with its days), and an activity: their ids reach past the lookups. */
async function fixture() {
  const owner = await makeUser();
  const { event, start, days } = await experience(owner.id);
  const activity = await addActivity(event.id, days[0]!.id, start + 10 * HOUR);
  return {
    owner,
    ids: { id: event.id, eventId: event.id, listId: event.id, dayId: days[0]!.id, activityId: activity.id, userId: owner.id } as Record<
      string,
      string
    >,
  };
}

/** How many test files share the operations. */
export const FUZZ_PARTS = 4;

/** Declares the test of one share of the operations: every FUZZ_PARTS-th, from `part` (1-based). */
export function fuzzOperations(part: number): void {
  describe(`every operation of the OpenAPI document (share ${part} of ${FUZZ_PARTS}), given invalid and extreme input`, () => {
    // One test for all its operations: per-operation tests would each pay for isolated storage.
    it(
      "answers a 4xx JSON { error } or a documented success, never a 5xx, and a refusal changes nothing",
      { timeout: 120_000 },
      async () => {
        const document = (await (await call("/oapi/openapi.json")).json()) as Document;
        const { owner, ids } = await fixture();
        const all = Object.entries(document.paths).flatMap(([path, item]) =>
          Object.entries(item).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
        );
        expect(all.length).toBeGreaterThan(40);
        // Each keeps its index in the whole document, which seeds its cases: the same cases whatever the share.
        const operations = all.map((operation, index) => ({ ...operation, index })).filter(({ index }) => index % FUZZ_PARTS === part - 1);

        // Requests run one at a time: a success may change data, and the next refusal is compared with the data after it.
        let before = await snapshot();
        for (const { path, method, operation, index } of operations) {
          const queryNames = (operation.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name);
          const sendsBody = method !== "GET" && method !== "HEAD";
          const huge = HUGE[index % HUGE.length]!;
          const readsForm = "multipart/form-data" in (operation.requestBody?.content ?? {});
          const chosen = cases(huge, readsForm).filter((c) => sendsBody || !c.bodyOnly);

          for (const [n, c] of chosen.entries()) {
            let draws = 0;
            const draw = <T>(arbitrary: fc.Arbitrary<T>) =>
              fc.sample(arbitrary, { seed: index * 1000 + n * 100 + draws++, numRuns: 1 })[0]!;
            // A real id reaches the checks past the path; never for a DELETE, which would remove the fixture.
            const segment = (name: string) => (c.realIds && method !== "DELETE" ? (ids[name] ?? "x") : encodeURIComponent(draw(text)));
            const url = path.replace(/\{(\w+)\}/g, (_, name: string) => segment(name)).replace("/*", "/x");
            const query = draw(fc.dictionary(fc.constantFrom(...queryNames, "extra"), text, { maxKeys: 3 }));
            if (c.hugeQuery) query[queryNames[0] ?? "extra"] = huge;
            const search = new URLSearchParams(query).toString().slice(0, 2 * MB);
            const body = draw(c.body);
            // A fresh session each time: a successful logout must not leave the later cases signed out.
            const token = c.signedIn ? (await newSession(owner.id)).authToken : undefined;

            const res = await call(`${url}${search ? `?${search}` : ""}`, {
              method,
              headers: new Headers(body.contentType ? { "Content-Type": body.contentType } : {}),
              body: sendsBody ? body.body : undefined,
              token,
            });
            const label = `${method} ${path}, ${c.name} → ${res.status}`;
            expect(res.status, label).toBeLessThan(500);
            if (res.status >= 400) {
              // JSON unless the document gives this refusal another media type (the share page's 404 is a page).
              const documented = operation.responses?.[res.status]?.content;
              if (!documented || "application/json" in documented) {
                expect(res.headers.get("Content-Type") ?? "(none)", label).toMatch(/^application\/json/);
                const { error } = await res.json<{ error?: unknown }>();
                expect(typeof error, label).toBe("string");
                expect(error, `${label} speaks zod's words`).not.toMatch(ZOD_WORDS);
              } else await res.body?.cancel();
              expect(await snapshot(), `${label} changed data`).toBe(before);
            } else {
              await res.body?.cancel();
              before = await snapshot();
            }
          }
        }
      },
    );
  });
}
