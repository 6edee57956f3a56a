import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { events, files, programs } from "@worker/db/schema";
import { GENERATION_MESSAGES } from "./generator.schema";
import { apiAs, errorOf } from "@worker/test/client";
import { form, PDF, PNG } from "@worker/test/files";
import { call, db, makeUser } from "@worker/test/helpers";
import { DAY, HOUR, iso, todayUtc } from "@worker/test/time";
import { createEvent, experienceForm } from "@worker/test/experiences";

describe("POST /api/events (create experience)", () => {
  it("creates the experience with the defaults and one day per date", async () => {
    const owner = await makeUser();
    const response = await apiAs(owner.token).api.events.$post({
      form: { name: "  Lisbon Retreat ", startIsoTime: iso(todayUtc() + DAY), endIsoTime: iso(todayUtc() + 4 * DAY), isAIMode: "false" },
    });
    expect(response.status).toBe(201);
    const created = await response.json();
    expect(created).toEqual({
      id: expect.any(String),
      name: "Lisbon Retreat",
      startTime: iso(todayUtc() + DAY),
      endTime: iso(todayUtc() + 4 * DAY),
      timeZone: "UTC",
      privacy: "PUBLIC",
      rsvpType: "OPEN_INVITE",
    });
    const days = await db().select().from(programs).where(eq(programs.eventId, created.id)).orderBy(programs.dayIndex);
    expect(days.map((d) => [d.dayIndex, d.name, d.date])).toEqual([
      [0, "Day 1", iso(todayUtc() + DAY).slice(0, 10)],
      [1, "Day 2", iso(todayUtc() + 2 * DAY).slice(0, 10)],
      [2, "Day 3", iso(todayUtc() + 3 * DAY).slice(0, 10)],
    ]);
    const [event] = await db().select().from(events).where(eq(events.id, created.id));
    expect(event).toMatchObject({ ownerId: owner.id, image: null });
  });

  it("accepts today and keeps the given privacy and rsvpType", async () => {
    const owner = await makeUser();
    const response = await createEvent(owner.token, {
      startIsoTime: iso(todayUtc()),
      endIsoTime: iso(todayUtc() + DAY),
      privacy: "PRIVATE",
      rsvpType: "INVITE_ONLY",
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ privacy: "PRIVATE", rsvpType: "INVITE_ONLY" });
  });

  it("normalises the start to its UTC midnight and rounds the end up to the next midnight", async () => {
    const owner = await makeUser();
    const start = todayUtc() + 2 * DAY;
    const sameDay = await createEvent(owner.token, { startIsoTime: iso(start + 15 * HOUR), endIsoTime: iso(start) });
    expect(await sameDay.json()).toMatchObject({ startTime: iso(start), endTime: iso(start + DAY) });
    const midDay = await createEvent(owner.token, { startIsoTime: iso(start), endIsoTime: iso(start + DAY + 9 * HOUR) });
    expect(await midDay.json()).toMatchObject({ startTime: iso(start), endTime: iso(start + 2 * DAY) });
  });

  it("creates a year-long experience's 365 days", async () => {
    const owner = await makeUser();
    const response = await createEvent(owner.token, { endIsoTime: iso(todayUtc() + 366 * DAY) });
    expect(response.status).toBe(201);
    const { id } = await response.json();
    const days = await db().select().from(programs).where(eq(programs.eventId, id)).orderBy(programs.dayIndex);
    expect(days).toHaveLength(365);
    expect(days.at(-1)).toMatchObject({ dayIndex: 364, name: "Day 365", date: iso(todayUtc() + 365 * DAY).slice(0, 10) });
  });

  it("stores a cover image under the new event", async () => {
    const owner = await makeUser();
    const response = await createEvent(owner.token, { file: new File([PNG], "cover.png", { type: "image/png" }) });
    expect(response.status).toBe(201);
    const { id } = await response.json();
    const [event] = await db().select().from(events).where(eq(events.id, id));
    const [file] = await db().select().from(files).where(eq(files.eventId, id));
    expect(event!.image).toEqual({ source: "UPLOAD", fileId: file!.id });
    expect((await env.FILES.list({ prefix: `events/${id}/` })).objects).toHaveLength(1);
  });

  it("is in AI mode unless told otherwise: without a prompt or a PDF there is nothing to generate from", async () => {
    const owner = await makeUser();
    const response = await apiAs(owner.token).api.events.$post({
      form: { name: "Lisbon", startIsoTime: iso(todayUtc() + DAY), endIsoTime: iso(todayUtc() + 2 * DAY) },
    });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe(GENERATION_MESSAGES.nothingToGenerateFrom);
  });

  it("refuses a PDF or other non-image as the cover outside AI mode", async () => {
    const owner = await makeUser();
    for (const file of [new File([PDF], "cover.png", { type: "image/png" }), new File(["hello"], "notes.txt")]) {
      const response = await createEvent(owner.token, { isAIMode: "false", file });
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe("Please upload an image file");
    }
  });

  it("refuses input that breaks the rules, with the spec's messages", async () => {
    const owner = await makeUser();
    // Values outside the route's types (an unknown enum value, a missing name) go as plain forms.
    const outsideTypes = (fields: Record<string, string>) =>
      call("/api/events", { method: "POST", token: owner.token, body: form({ ...experienceForm(), ...fields }) });
    const cases = [
      [await createEvent(owner.token, { name: "   " }), "Name is required"],
      [await createEvent(owner.token, { startIsoTime: iso(todayUtc() - 2 * DAY) }), "Start date must be today or later"],
      [
        await createEvent(owner.token, { startIsoTime: iso(todayUtc() + 3 * DAY), endIsoTime: iso(todayUtc() + DAY) }),
        "End date must be after or same as start date",
      ],
      [await createEvent(owner.token, { endIsoTime: iso(todayUtc() + 400 * DAY) }), "An experience can last at most 365 days"],
      [await createEvent(owner.token, { startIsoTime: "tomorrow" }), "Start date must be an ISO 8601 date-time"],
      [await outsideTypes({ privacy: "SECRET" }), "Privacy must be PUBLIC or PRIVATE"],
      [await outsideTypes({ rsvpType: "ANYONE" }), "RSVP type must be OPEN, OPEN_INVITE or INVITE_ONLY"],
    ] as const;
    for (const [response, message] of cases) {
      expect(response.status, message).toBe(400);
      expect(await errorOf(response)).toBe(message);
    }
    const noName = await call("/api/events", {
      method: "POST",
      token: owner.token,
      body: form({ startIsoTime: iso(todayUtc() + DAY), endIsoTime: iso(todayUtc() + 2 * DAY) }),
    });
    expect(await errorOf(noName)).toBe("Name is required");
  });

  it("answers 401 to an anonymous caller", async () => {
    const response = await createEvent("");
    expect(response.status).toBe(401);
  });
});
