import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rsvps } from "@worker/db/schema";
import { apiAs, errorOf } from "@worker/test/client";
import { addGuest, call, db, makeUser } from "@worker/test/helpers";
import { addActivity, experience } from "@worker/test/itinerary";
import { HOUR, iso } from "@worker/test/time";
import { editAs, signUpAs } from "./signups.test-support";

// An activity limited to groups never reaches anyone outside them, on any read path (docs/programme.md).

/** A public experience with a VIP-only dinner and a walk for everyone; a VIP guest, a plain guest, the owner. */
async function vipDinner() {
  const owner = await makeUser();
  const { event, start, days } = await experience(owner.id, 2, { privacy: "PUBLIC" });
  const name = `VIP dinner ${crypto.randomUUID().slice(0, 8)}`;
  const dinner = await addActivity(event.id, days[0]!.id, start + 19 * HOUR, { name, groups: ["VIP"] });
  const walk = await addActivity(event.id, days[0]!.id, start + 9 * HOUR, { name: "Walk" });
  const [vip, plain] = await Promise.all([makeUser(), makeUser()]);
  await addGuest(event.id, vip);
  await addGuest(event.id, plain);
  await db()
    .update(rsvps)
    .set({ tags: ["vip"] })
    .where(eq(rsvps.userId, vip.id));
  const path = { eventId: event.id, dayId: days[0]!.id, activityId: dinner.id };
  return { owner, event, start, days, dinner, walk, vip, plain, name, path };
}

const activityNames = async (token: string, eventId: string) => {
  const detail = await (await apiAs(token).api.events[":id"].$get({ param: { id: eventId } })).json();
  return detail.programs.flatMap((day) => day.activities.map((a) => ({ name: a.name, groups: a.groups })));
};

const feedOf = async (token: string) => {
  const { url } = await (await apiAs(token).api.calendar.feed.$get()).json();
  return (await call(new URL(url).pathname)).text();
};

describe("An activity limited to groups", () => {
  it("is on the event page of organisers and of guests in its groups (any case), and of no one else", async () => {
    const { owner, event, vip, plain, name } = await vipDinner();
    expect(await activityNames(owner.token, event.id)).toContainEqual({ name, groups: ["VIP"] });
    expect(await activityNames(vip.token, event.id)).toContainEqual({ name, groups: [] });
    expect((await activityNames(plain.token, event.id)).map((a) => a.name)).toEqual(["Walk"]);
    const stranger = await makeUser();
    expect((await activityNames(stranger.token, event.id)).map((a) => a.name)).toEqual(["Walk"]);
  });

  it("is not in the share link's JSON, its page, its calendar file or its own calendar link", async () => {
    const { event, name, dinner } = await vipDinner();
    const json = await (await call(`/oapi/itinerary/${event.id}`)).text();
    expect(json).toContain("Walk");
    expect(json).not.toContain(name);
    const page = await (await call(`/itinerary/${event.id}`)).text();
    expect(page).not.toContain(name);
    expect(await (await call(`/oapi/itinerary/${event.id}/calendar.ics`)).text()).not.toContain(name);
    expect((await call(`/oapi/itinerary/${event.id}/activities/${dinner.id}/calendar.ics`)).status).toBe(404);
  });

  it("answers 404 to anyone outside its groups who asks for it or signs up", async () => {
    const { path, vip, plain, owner } = await vipDinner();
    const get = (token: string) => apiAs(token).api.events[":eventId"].programs[":dayId"].activity[":activityId"].$get({ param: path });
    expect((await get(vip.token)).status).toBe(200);
    const hidden = await get(plain.token);
    expect([hidden.status, await errorOf(hidden)]).toEqual([404, "Activity not found"]);
    await editAs(owner.token, path, { capacity: 10 });
    expect((await signUpAs(plain.token, path)).status).toBe(404);
  });

  it("is in the calendar feeds of those in its groups only, with its cancellation", async () => {
    const { vip, plain, name } = await vipDinner();
    expect(await feedOf(vip.token)).toContain(name);
    const plainFeed = await feedOf(plain.token);
    expect(plainFeed).toContain("Walk");
    expect(plainFeed).not.toContain(name);
  });

  it("is found by search only by its organisers", async () => {
    const { owner, vip, plain, name } = await vipDinner();
    const search = async (token: string) =>
      (await (await apiAs(token).api.search.activity.$get({ query: { q: name } })).json()).activities.map((a) => a.name);
    expect(await search(owner.token)).toEqual([name]);
    expect(await search(plain.token)).toEqual([]);
    expect(await search(vip.token)).toEqual([]);
  });

  it("has its changes told in 'What changed' to those in its groups only (digests: digest-audience.test.ts)", async () => {
    const { owner, event, start, path, vip, plain, name } = await vipDinner();
    const changes = (token: string) => apiAs(token).api.events[":eventId"].changes;
    for (const person of [vip, plain]) {
      const { lastSeq } = await (await changes(person.token).$get({ param: { eventId: event.id }, query: {} })).json();
      await changes(person.token).seen.$put({ param: { eventId: event.id }, json: { seq: lastSeq } });
    }
    const moved = await apiAs(owner.token).api.events[":eventId"].programs[":dayId"].activity[":activityId"].$put({
      param: path,
      json: { startIsoTime: iso(start + 20 * HOUR), endIsoTime: iso(start + 21 * HOUR) },
    });
    expect(moved.status).toBe(200);
    const told = async (token: string) =>
      (await (await changes(token).$get({ param: { eventId: event.id }, query: {} })).json()).changes.map((c) => c.text).join(" | ");
    expect(await told(vip.token)).toContain(name);
    expect(await told(plain.token)).not.toContain(name);
  });
});
