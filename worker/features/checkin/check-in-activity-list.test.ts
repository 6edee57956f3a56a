import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activitySignups, rsvps } from "@worker/db/schema";
import { INVALID_REASON } from "@worker/shared/checkin-words";
import { addGuest, db, makeUser } from "@worker/test/helpers";
import { addActivity, experience } from "@worker/test/itinerary";
import { HOUR } from "@worker/test/time";
import { addList, scanned, scanOf, tokenOf } from "./checkin.test-support";

// Issue 38: an activity's own check-in list admits only those it is for: its sign-ups holding a place, its groups.

async function workshopDoor(fields: Parameters<typeof addActivity>[3]) {
  const [owner, ana, ben] = await Promise.all(["Olga", "Ana", "Ben"].map((firstName) => makeUser({ firstName, lastName: "Silva" })));
  const { event, start, days } = await experience(owner!.id, 1, { timeZone: "Europe/Lisbon" });
  const activity = await addActivity(event.id, days[0]!.id, start + 10 * HOUR, { name: "Workshop", ...fields });
  const [anaRsvp, benRsvp] = await Promise.all([addGuest(event.id, ana!), addGuest(event.id, ben!)]);
  const list = await addList(owner!.token, event.id, { name: "Workshop door", activityId: activity.id });
  expect(list.status).toBe(201);
  const { id: listId } = (await list.json()) as { id: string };
  const scan = async (rsvpId: string) => (await scanned(owner!.token, event.id, [scanOf(await tokenOf(event.id, rsvpId))], listId))[0];
  return { event, activity, ana: ana!, ben: ben!, anaRsvp, benRsvp, scan };
}

describe("an activity's own check-in list", () => {
  it("admits a guest holding a place and refuses one who is not signed up, or only waiting: 'Not signed up for this activity'", async () => {
    const { event, activity, ana, ben, anaRsvp, benRsvp, scan } = await workshopDoor({ attendance: "SIGNUP", capacity: 1 });
    await db()
      .insert(activitySignups)
      .values([
        { id: crypto.randomUUID(), eventId: event.id, activityId: activity.id, userId: ana.id, status: "IN" },
        { id: crypto.randomUUID(), eventId: event.id, activityId: activity.id, userId: ben.id, status: "WAITING", waitlistRank: 1 },
      ]);
    expect(await scan(anaRsvp)).toMatchObject({ verdict: "CHECKED_IN" });
    expect(await scan(benRsvp)).toMatchObject({ verdict: "INVALID", reason: INVALID_REASON.notSignedUp });
  });

  it("refuses a guest outside the activity's groups, and admits one in them", async () => {
    const { ana, anaRsvp, benRsvp, scan } = await workshopDoor({ groups: ["VIP"] });
    await db()
      .update(rsvps)
      .set({ tags: ["vip"] })
      .where(eq(rsvps.userId, ana.id));
    expect(await scan(anaRsvp)).toMatchObject({ verdict: "CHECKED_IN" });
    expect(await scan(benRsvp)).toMatchObject({ verdict: "INVALID", reason: INVALID_REASON.notInvited });
  });

  it("admits every guest going at an activity everyone attends, as before", async () => {
    const { anaRsvp, benRsvp, scan } = await workshopDoor({});
    expect(await scan(anaRsvp)).toMatchObject({ verdict: "CHECKED_IN" });
    expect(await scan(benRsvp)).toMatchObject({ verdict: "CHECKED_IN" });
  });
});
