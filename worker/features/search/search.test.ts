import { eq } from "drizzle-orm";
import type { InferRequestType } from "hono/client";
import { describe, expect, it } from "vitest";
import { activities } from "@worker/db/schema";
import { apiAs, errorOf } from "@worker/test/client";
import { addGuest, addHost, call, db, makeUser } from "@worker/test/helpers";
import { addActivity, experience, storedImage } from "@worker/test/itinerary";
import { HOUR, iso } from "@worker/test/time";

const searchAs = (token: string) => apiAs(token).api.search.activity;
type Query = InferRequestType<ReturnType<typeof searchAs>["$get"]>["query"];

const search = (token: string, query: Query) => searchAs(token).$get({ query });
const found = async (token: string, query: Query) => {
  const response = await search(token, query);
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
};
// Each test searches for its own word, so activities of other tests never match.
const word = () => `zq${crypto.randomUUID().slice(0, 8)}`;

describe("GET /api/search/activity (activity templates)", () => {
  it("matches name, subtitle or description, case-insensitively, and answers the template fields", async () => {
    const owner = await makeUser();
    const { event, start, days } = await experience(owner.id);
    const w = word();
    const image = await storedImage(event.id);
    const byName = await addActivity(event.id, days[0]!.id, start + 9 * HOUR, {
      name: `${w.toUpperCase()} tour`,
      location: "Alfama",
      image,
    });
    const bySubtitle = await addActivity(event.id, days[0]!.id, start + 10 * HOUR, { subtitle: `with ${w}` });
    const byDescription = await addActivity(event.id, days[0]!.id, start + 11 * HOUR, { description: `All about ${w}.` });
    await addActivity(event.id, days[0]!.id, start + 12 * HOUR, { name: "Unrelated" });

    const answer = await found(owner.token, { q: w });
    expect(answer.total).toBe(3);
    expect(answer.activities.map((a) => a.id).sort()).toEqual([byName.id, bySubtitle.id, byDescription.id].sort());
    expect(answer.activities.find((a) => a.id === byName.id)).toEqual({
      id: byName.id,
      name: `${w.toUpperCase()} tour`,
      subtitle: "",
      description: "Along the river",
      location: "Alfama",
      image: { original: expect.stringMatching(/^\/files\//), thumbnail: expect.any(String), source: "UPLOAD" },
      startDateTime: iso(start + 9 * HOUR),
      endDateTime: iso(start + 10 * HOUR),
      timeZone: "UTC",
    });
  });

  it("answers each template's zone, its own or its experience's, so its time of day is read on the right clock", async () => {
    const owner = await makeUser();
    const { event, start, days } = await experience(owner.id, 1, { timeZone: "Asia/Tokyo" });
    const w = word();
    const inTokyo = await addActivity(event.id, days[0]!.id, start + 9 * HOUR, { name: `${w} breakfast` });
    const inSeoul = await addActivity(event.id, days[0]!.id, start + 10 * HOUR, { name: `${w} call`, timeZone: "Asia/Seoul" });
    const answer = await found(owner.token, { q: w });
    const zoneOf = (id: string) => answer.activities.find((a) => a.id === id)?.timeZone;
    expect([zoneOf(inTokyo.id), zoneOf(inSeoul.id)]).toEqual(["Asia/Tokyo", "Asia/Seoul"]);
  });

  it("searches every event the caller owns, hosts or attends, and public events, but no one else's private ones", async () => {
    const [owner, me] = await Promise.all([makeUser(), makeUser()]);
    const w = word();
    const kinds = ["mine", "hosted", "attended", "public", "private", "pending"] as const;
    const ids: Record<string, string> = {};
    for (const kind of kinds) {
      const { event, start, days } = await experience(kind === "mine" ? me.id : owner.id, 1, {
        privacy: kind === "public" ? "PUBLIC" : "PRIVATE",
      });
      if (kind === "hosted") await addHost(event.id, me.id);
      if (kind === "attended") await addGuest(event.id, me);
      if (kind === "pending") await addGuest(event.id, me, "REQUESTED");
      ids[kind] = (await addActivity(event.id, days[0]!.id, start + 9 * HOUR, { name: `${w} ${kind}` })).id;
    }
    const answer = await found(me.token, { q: w, l: "50" });
    expect(answer.activities.map((a) => a.name.split(" ")[1]).sort()).toEqual(["attended", "hosted", "mine", "public"]);
    const strangers = await found((await makeUser()).token, { q: w });
    expect(strangers.activities.map((a) => a.id)).toEqual([ids.public]);
  });

  it("treats % and _ in the search as plain characters", async () => {
    const owner = await makeUser();
    const { event, start, days } = await experience(owner.id);
    const w = word();
    const percent = await addActivity(event.id, days[0]!.id, start + 9 * HOUR, { name: `${w} 100% fun` });
    await addActivity(event.id, days[0]!.id, start + 10 * HOUR, { name: `${w} 100 fun` });
    const underscore = await addActivity(event.id, days[0]!.id, start + 11 * HOUR, { name: `${w}_x` });
    await addActivity(event.id, days[0]!.id, start + 12 * HOUR, { name: `${w}ax` });
    expect((await found(owner.token, { q: `${w} 100%` })).activities.map((a) => a.id)).toEqual([percent.id]);
    expect((await found(owner.token, { q: `${w}_x` })).activities.map((a) => a.id)).toEqual([underscore.id]);
    expect((await found(owner.token, { q: "%%" })).activities.map((a) => a.id)).not.toContain(underscore.id);
  });

  it("answers a search of 200 characters, the longest a person can send, and one of 200 '%', finding the text as typed", async () => {
    const owner = await makeUser();
    const { event, start, days } = await experience(owner.id);
    const long = `${word()} ${"a long pasted description ".repeat(8)}`.slice(0, 200);
    const pasted = await addActivity(event.id, days[0]!.id, start + 9 * HOUR, { description: `Before. ${long.toUpperCase()} After.` });
    const percents = await addActivity(event.id, days[0]!.id, start + 10 * HOUR, { description: "%".repeat(201) });
    expect((await found(owner.token, { q: long })).activities.map((a) => a.id)).toEqual([pasted.id]);
    expect((await found(owner.token, { q: "%".repeat(200) })).activities.map((a) => a.id)).toContain(percents.id);
    expect((await found(owner.token, { q: "_%".repeat(100) })).activities.map((a) => a.id)).not.toContain(percents.id);
  });

  it("refuses a search of 500 characters, and one of 300 '%', with 400 'The search is too long'", async () => {
    const user = await makeUser();
    for (const q of ["x".repeat(500), "%".repeat(300)]) {
      const response = await search(user.token, { q });
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe("The search is too long");
    }
  });

  it("shows each template once: copies with the same name, subtitle, description and place answer as the newest", async () => {
    const owner = await makeUser();
    const { event, start, days } = await experience(owner.id);
    const later = await experience(owner.id);
    const w = word();
    const first = await addActivity(event.id, days[0]!.id, start + 9 * HOUR, { name: `${w} tasting`, location: "Porto" });
    await db()
      .update(activities)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(activities.id, first.id));
    const copy = await addActivity(later.event.id, later.days[0]!.id, later.start + 9 * HOUR, { name: `${w} tasting`, location: "Porto" });
    const elsewhere = await addActivity(event.id, days[0]!.id, start + 12 * HOUR, { name: `${w} tasting`, location: "Lisbon" });

    const answer = await found(owner.token, { q: w });
    expect(answer.total).toBe(2);
    expect(answer.activities.map((a) => a.id).sort()).toEqual([copy.id, elsewhere.id].sort());
  });

  it("pages newest first with p and l, answering page, totalPages and total", async () => {
    const owner = await makeUser();
    const { event, start, days } = await experience(owner.id);
    const w = word();
    const made: string[] = [];
    for (let i = 0; i < 7; i++) {
      const row = await addActivity(event.id, days[0]!.id, start + i * HOUR, { name: `${w} ${i}` });
      await db()
        .update(activities)
        .set({ createdAt: new Date(Date.now() - (10 - i) * 1000) })
        .where(eq(activities.id, row.id));
      made.push(row.id);
    }
    const newestFirst = [...made].reverse();
    const first = await found(owner.token, { q: w });
    expect(first).toMatchObject({ page: 1, totalPages: 2, total: 7 });
    expect(first.activities.map((a) => a.id)).toEqual(newestFirst.slice(0, 5));
    const second = await found(owner.token, { q: w, p: "2" });
    expect(second).toMatchObject({ page: 2, totalPages: 2, total: 7 });
    expect(second.activities.map((a) => a.id)).toEqual(newestFirst.slice(5));
    const small = await found(owner.token, { q: w, p: "3", l: "3" });
    expect(small).toMatchObject({ page: 3, totalPages: 3, total: 7 });
    expect(small.activities.map((a) => a.id)).toEqual(newestFirst.slice(6));
    expect((await found(owner.token, { q: w, p: "9" })).activities).toEqual([]);
    expect(await found(owner.token, { q: word() })).toEqual({ activities: [], page: 1, totalPages: 0, total: 0 });
  });

  it("refuses fewer than 2 characters with 'Type at least 2 characters to search'", async () => {
    const user = await makeUser();
    for (const q of ["a", "  b  ", ""]) {
      const response = await search(user.token, { q });
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe("Type at least 2 characters to search");
    }
    // Without q at all: outside the route's types.
    const missing = await call("/api/search/activity", { token: user.token });
    expect(await errorOf(missing)).toBe("Type at least 2 characters to search");
  });

  it("refuses a page below 1 and a limit outside 1 to 50", async () => {
    const user = await makeUser();
    for (const [query, message] of [
      [{ q: "walk", p: "0" }, "p must be a whole number of at least 1"],
      [{ q: "walk", p: "x" }, "p must be a whole number of at least 1"],
      [{ q: "walk", l: "0" }, "l must be a whole number from 1 to 50"],
      [{ q: "walk", l: "51" }, "l must be a whole number from 1 to 50"],
    ] as const) {
      const response = await search(user.token, query);
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe(message);
    }
    expect((await search(user.token, { q: "walk", l: "50" })).status).toBe(200);
  });

  it("needs a signed-in caller", async () => {
    expect((await search("", { q: "walk" })).status).toBe(401);
  });
});
