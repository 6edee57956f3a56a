import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activities, activitySignups, rsvps } from "@worker/db/schema";
import { apiAs, errorOf } from "@worker/test/client";
import { addGuest, db, makeUser } from "@worker/test/helpers";
import { addActivity, experience } from "@worker/test/itinerary";
import { HOUR } from "@worker/test/time";

// Attendee groups, the organisers' labels that decide who sees an activity limited to groups (docs/programme.md).

const setGroups = (token: string, eventId: string, json: { rsvps: string[]; add?: string[]; remove?: string[] }) =>
  apiAs(token).api.events[":eventId"]["attendee-groups"].$put({ param: { eventId }, json });
const tagsOf = async (rsvpId: string) => (await db().select({ tags: rsvps.tags }).from(rsvps).where(eq(rsvps.id, rsvpId)))[0]!.tags;

async function crew() {
  const [owner, ana, ben] = await Promise.all([makeUser(), makeUser(), makeUser()]);
  const { event, start, days } = await experience(owner.id, 2);
  const [anaRsvp, benRsvp] = [await addGuest(event.id, ana), await addGuest(event.id, ben)];
  return { owner, ana, ben, event, start, days, anaRsvp, benRsvp };
}

describe("Attendee groups", () => {
  it("lets the owner add a group to the ticked guests, once whatever its case, and take it off again", async () => {
    const { owner, event, anaRsvp, benRsvp } = await crew();
    await db()
      .update(rsvps)
      .set({ tags: ["VIP"] })
      .where(eq(rsvps.id, anaRsvp));
    const added = await setGroups(owner.token, event.id, { rsvps: [anaRsvp, benRsvp], add: ["vip", "Speaker"] });
    expect(added.status).toBe(200);
    expect([await tagsOf(anaRsvp), await tagsOf(benRsvp)]).toEqual([
      ["VIP", "Speaker"],
      ["vip", "Speaker"],
    ]);
    await setGroups(owner.token, event.id, { rsvps: [anaRsvp, benRsvp], remove: ["VIP"] });
    expect([await tagsOf(anaRsvp), await tagsOf(benRsvp)]).toEqual([["Speaker"], ["Speaker"]]);
  });

  it("keeps every group added at the same time to the same guest", async () => {
    const { owner, event, anaRsvp } = await crew();
    const groups = ["VIP", "Speaker", "Partner programme", "Board", "Press"];
    await Promise.all(groups.map((group) => setGroups(owner.token, event.id, { rsvps: [anaRsvp], add: [group] })));
    expect((await tagsOf(anaRsvp)).sort()).toEqual([...groups].sort());
  });

  it("refuses a guest with 403 and a body naming no group with 'Name a group to add or remove'", async () => {
    const { ana, owner, event, anaRsvp } = await crew();
    expect((await setGroups(ana.token, event.id, { rsvps: [anaRsvp], add: ["VIP"] })).status).toBe(403);
    const empty = await setGroups(owner.token, event.id, { rsvps: [anaRsvp] });
    expect([empty.status, await errorOf(empty)]).toEqual([400, "Name a group to add or remove"]);
    expect(await tagsOf(anaRsvp)).toEqual([]);
  });

  it("takes someone out of a group out of its sign-up activities, and their place passes on", async () => {
    const { owner, ana, ben, event, start, days, anaRsvp, benRsvp } = await crew();
    await setGroups(owner.token, event.id, { rsvps: [anaRsvp, benRsvp], add: ["VIP"] });
    const dinner = await addActivity(event.id, days[0]!.id, start + 19 * HOUR, { attendance: "SIGNUP", capacity: 1, groups: ["VIP"] });
    const path = { eventId: event.id, dayId: days[0]!.id, activityId: dinner.id };
    const signUp = (token: string) =>
      apiAs(token).api.events[":eventId"].programs[":dayId"].activity[":activityId"].signup.$post({ param: path });
    await signUp(ana.token);
    await signUp(ben.token);
    await setGroups(owner.token, event.id, { rsvps: [anaRsvp], remove: ["VIP"] });
    const held = await db().select().from(activitySignups).where(eq(activitySignups.activityId, dinner.id));
    expect(held.map((s) => [s.userId, s.status])).toEqual([[ben.id, "IN"]]);
    expect((await db().select().from(activities).where(eq(activities.id, dinner.id)))[0]!.groups).toEqual(["VIP"]);
  });
});
