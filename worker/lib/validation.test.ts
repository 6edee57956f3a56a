import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { AppEnv } from "@worker/env";
import { errorOf } from "@worker/test/client";
import { call, makeEvent, makeUser } from "@worker/test/helpers";
import { AppError, valuesIn } from "./errors";
import { i18nFor } from "./i18n";
import { validate } from "./validation";

/** zod's own words, which no answer may carry. */
const ZOD_WORDS = /Invalid input|Invalid option|expected \w+, received|Too (big|small)|Unrecognized key/;

// A schema whose rules carry no message of their own: each failure is worded by validate().
const bare = z.object({
  name: z.string().min(1).max(5),
  count: z.number().int().min(1),
  tags: z.array(z.string()).max(2),
  kind: z.enum(["open", "closed"]),
  when: z.iso.datetime(),
  owner: z.object({ email: z.email() }),
});
const app = new Hono<AppEnv>().post("/", validate("json", bare), (c) => c.json({ ok: true }, 200));
const english = i18nFor("en");
app.onError((err, c) =>
  err instanceof AppError
    ? c.json({ error: english._(err.message, valuesIn(err.values, english)) }, err.status)
    : c.json({ error: "?" }, 500),
);

const valid = { name: "Ana", count: 2, tags: [], kind: "open", when: "2026-05-01T09:30:00Z", owner: { email: "ana@example.com" } };
const refusal = async (body: unknown) => {
  const response = await app.request(
    "/",
    { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) },
    env,
  );
  expect(response.status).toBe(400);
  return errorOf(response);
};

describe("validation errors in plain words", () => {
  it("words every rule a schema gives no message of its own, naming the field, never in zod's words", async () => {
    const { name: _, ...nameless } = valid;
    expect(await refusal(nameless)).toBe("name is required");
    expect(await refusal({ ...valid, name: "" })).toBe("name is required");
    expect(await refusal({ ...valid, name: "Anastasia" })).toBe("name must be at most 5 characters");
    expect(await refusal({ ...valid, count: "2" })).toBe("count must be a number");
    expect(await refusal({ ...valid, count: 1.5 })).toBe("count must be a whole number");
    expect(await refusal({ ...valid, count: 0 })).toBe("count must be at least 1");
    expect(await refusal({ ...valid, tags: "a" })).toBe("tags must be a list");
    expect(await refusal({ ...valid, tags: ["a", "b", "c"] })).toBe("tags must be at most 2 items");
    expect(await refusal({ ...valid, tags: ["a", 3] })).toBe("tags[1] must be text");
    expect(await refusal({ ...valid, kind: "ajar" })).toBe("kind must be one of 'open', 'closed'");
    expect(await refusal({ ...valid, when: "tomorrow" })).toBe("when must be a date and time (ISO 8601, e.g. 2026-05-01T09:30:00Z)");
    expect(await refusal({ ...valid, owner: { email: "ana" } })).toBe("owner.email must be an e-mail address");
    expect(await refusal([valid])).toBe("The body must be an object");
  });

  it('answers POST /api/events/{id}/checkins {"scans":"nope"} with \'listId is required\'', async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id);
    const response = await call(`/api/events/${event.id}/checkins`, { method: "POST", token: owner.token, json: { scans: "nope" } });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe("listId is required");
    const noList = await call(`/api/events/${event.id}/checkins`, {
      method: "POST",
      token: owner.token,
      json: { listId: "x", scans: "nope" },
    });
    expect(await errorOf(noList)).toBe("scans must be a list");
  });

  it("answers PUT /api/rsvp {} with 'eventId is required'", async () => {
    const owner = await makeUser();
    const response = await call("/api/rsvp", { method: "PUT", token: owner.token, json: {} });
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error).toBe("eventId is required");
    expect(error).not.toMatch(ZOD_WORDS);
  });

  it("answers 404 'Calendar not found' for a calendar token longer than 200 characters", async () => {
    const response = await call(`/oapi/calendar/${"A".repeat(201)}.ics`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Calendar not found" });
  });
});
