import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@worker/db/client";
import { activities, changeLog, rsvps } from "@worker/db/schema";
import { SIGNUP_MESSAGES } from "@worker/shared/signup.schema";
import { errorOf } from "@worker/test/client";
import { addGuest, addHost, db, makeUser } from "@worker/test/helpers";
import { addActivity } from "@worker/test/itinerary";
import { HOUR } from "@worker/test/time";
import { leaveActivity } from "./leave-activity.service";
import { signUp } from "./sign-up.service";
import { editAs, goingPeople, leaveAs, listAs, signUpAs, signupExperience, storedSignups } from "./signups.test-support";

type Places = { taken: number; waiting: number; capacity: number | null; mine: { status: string; position: number | null } | null };

describe("Signing up for an activity", () => {
  it("gives a going guest a place, counts it, and keeps it when they ask again", async () => {
    const { event, path } = await signupExperience(40);
    const guest = await makeUser();
    await addGuest(event.id, guest);
    const first = await signUpAs(guest.token, path);
    expect(first.status).toBe(200);
    expect((await first.json()) as Places).toMatchObject({ capacity: 40, taken: 1, waiting: 0, mine: { status: "IN", position: null } });
    const again = (await (await signUpAs(guest.token, path)).json()) as Places;
    expect(again).toMatchObject({ taken: 1, mine: { status: "IN" } });
  });

  it("puts a guest on the waitlist of a full activity, with their position, and gives them the place when someone leaves", async () => {
    const { event, path } = await signupExperience(1);
    const [first, second, third] = await Promise.all([makeUser(), makeUser(), makeUser()]);
    for (const person of [first, second, third]) await addGuest(event.id, person);
    await signUpAs(first.token, path);
    expect(((await (await signUpAs(second.token, path)).json()) as Places).mine).toEqual({ status: "WAITING", position: 1 });
    expect(((await (await signUpAs(third.token, path)).json()) as Places).mine).toEqual({ status: "WAITING", position: 2 });
    const left = (await (await leaveAs(first.token, path)).json()) as Places;
    expect(left).toMatchObject({ taken: 1, waiting: 1, mine: null });
    const stored = await storedSignups(path.activityId);
    expect(stored.map((s) => [s.userId, s.status])).toEqual([
      [second.id, "IN"],
      [third.id, "WAITING"],
    ]);
    const told = await db()
      .select()
      .from(changeLog)
      .where(and(eq(changeLog.subjectId, path.activityId), eq(changeLog.field, "promoted")));
    expect(told.map((row) => [row.recipientId, row.kind, row.label])).toEqual([[second.id, "requests", "Workshop"]]);
  });

  it("answers 1,000 sign-ups at once for 50 places with exactly 50 in and 950 waiting, in the order they arrived", async () => {
    const { event, path } = await signupExperience(50);
    const people = await goingPeople(event.id, 1000);
    const database = getDb(env.DB);
    await Promise.all(people.map((person) => signUp(database, path, person.id)));
    const stored = await storedSignups(path.activityId);
    expect(stored.filter((s) => s.status === "IN")).toHaveLength(50);
    const waiting = stored.filter((s) => s.status === "WAITING");
    expect(waiting).toHaveLength(950);
    // Each waiting rank is one more than the one written before it: the queue is the order the statements landed in.
    const ranks = waiting.map((s) => s.waitlistRank);
    expect(ranks).toEqual(Array.from({ length: 950 }, (_, i) => i + 1));
  });

  it("never oversells when places were lowered under the sign-ups and guests leave during the promotions", async () => {
    const { owner, event, path } = await signupExperience(10);
    const people = await goingPeople(event.id, 30);
    const database = getDb(env.DB);
    for (const person of people) await signUp(database, path, person.id);
    expect((await editAs(owner.token, path, { capacity: 6 })).status).toBe(200);
    // Lowering the places takes no one out; 8 of the 10 in and 4 of those waiting leave at once.
    await Promise.all([...people.slice(0, 8), ...people.slice(12, 16)].map((person) => leaveActivity(database, path, person.id)));
    const stored = await storedSignups(path.activityId);
    const inside = stored.filter((s) => s.status === "IN").map((s) => s.userId);
    // 2 stayed, and the first 4 still waiting (in their order) took the places up to 6; never more.
    expect(inside.sort()).toEqual([...people.slice(8, 12), ...people.slice(16, 18)].map((p) => p.id).sort());
    expect(stored.filter((s) => s.status === "WAITING").map((s) => s.userId)).toEqual(people.slice(18).map((p) => p.id));
  });

  it("refuses a sign-up over another activity the guest holds at the same time, naming it", async () => {
    const { event, start, days, path } = await signupExperience(null);
    await addActivity(event.id, days[0]!.id, start + 10.5 * HOUR, { name: "Golf", attendance: "SIGNUP" });
    const golf = (await db().select().from(activities).where(eq(activities.name, "Golf")))[0]!;
    const guest = await makeUser();
    await addGuest(event.id, guest);
    expect((await signUpAs(guest.token, { ...path, activityId: golf.id })).status).toBe(200);
    const refused = await signUpAs(guest.token, path);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toBe("You are already signed up for 'Golf' at the same time");
  });

  it("refuses a sign-up before it opens and after it closes, for an activity everyone attends, and for a guest not going", async () => {
    const { event, start, days, path } = await signupExperience(5, { signupOpensAt: new Date(Date.now() + HOUR) });
    const guest = await makeUser();
    await addGuest(event.id, guest);
    const early = await signUpAs(guest.token, path);
    expect([early.status, await errorOf(early)]).toEqual([409, SIGNUP_MESSAGES.notOpen]);
    await db()
      .update(activities)
      .set({ signupOpensAt: null, signupClosesAt: new Date(Date.now() - HOUR) })
      .where(eq(activities.id, path.activityId));
    const late = await signUpAs(guest.token, path);
    expect([late.status, await errorOf(late)]).toEqual([409, SIGNUP_MESSAGES.closed]);
    const everyone = await addActivity(event.id, days[0]!.id, start + 14 * HOUR);
    const forAll = await signUpAs(guest.token, { ...path, activityId: everyone.id });
    expect([forAll.status, await errorOf(forAll)]).toEqual([409, SIGNUP_MESSAGES.notSignup]);
    const invited = await makeUser();
    await addGuest(event.id, invited, "REQUESTED");
    await db().update(activities).set({ signupClosesAt: null }).where(eq(activities.id, path.activityId));
    const notGoing = await signUpAs(invited.token, path);
    expect([notGoing.status, await errorOf(notGoing)]).toEqual([403, SIGNUP_MESSAGES.notGoing]);
  });

  it("takes a guest who leaves the experience out of its activities, and their place passes on", async () => {
    const { event, path } = await signupExperience(1);
    const [leaver, waiting] = await Promise.all([makeUser(), makeUser()]);
    const rsvpId = await addGuest(event.id, leaver);
    await addGuest(event.id, waiting);
    await signUpAs(leaver.token, path);
    await signUpAs(waiting.token, path);
    await db().update(rsvps).set({ status: "NO" }).where(eq(rsvps.id, rsvpId));
    expect((await storedSignups(path.activityId)).map((s) => [s.userId, s.status])).toEqual([[waiting.id, "IN"]]);
  });
});

describe("The organisers' list of sign-ups", () => {
  it("shows the owner and hosts who is in and who waits, in order, and no guest", async () => {
    const { owner, event, path } = await signupExperience(1);
    const [host, first, second] = await Promise.all([makeUser(), makeUser(), makeUser()]);
    await addHost(event.id, host.id);
    for (const person of [first, second]) await addGuest(event.id, person);
    await signUpAs(first.token, path);
    await signUpAs(second.token, path);
    for (const organiser of [owner, host]) {
      const list = (await (await listAs(organiser.token, path)).json()) as {
        going: { person: { guid: string } }[];
        waiting: { person: { guid: string }; position: number }[];
      };
      expect(list.going.map((row) => row.person.guid)).toEqual([first.id]);
      expect(list.waiting.map((row) => [row.person.guid, row.position])).toEqual([[second.id, 1]]);
    }
    expect((await listAs(first.token, path)).status).toBe(403);
  });
});

describe("An activity's attendance in its editor", () => {
  it("refuses places that are not a whole number and a window that closes after the activity starts", async () => {
    const { owner, path, activity } = await signupExperience(10);
    const badPlaces = await editAs(owner.token, path, { capacity: 0 });
    expect([badPlaces.status, await errorOf(badPlaces)]).toEqual([400, SIGNUP_MESSAGES.capacity]);
    const late = new Date(activity.startTime.getTime() + HOUR).toISOString();
    const badWindow = await editAs(owner.token, path, { signupClosesAt: late });
    expect([badWindow.status, await errorOf(badWindow)]).toEqual([400, SIGNUP_MESSAGES.closesAfterStart]);
    const saved = await editAs(owner.token, path, { capacity: 30, groups: ["VIP", "vip", "Speaker"] });
    expect((await saved.json()) as object).toMatchObject({ attendance: "SIGNUP", groups: ["VIP", "Speaker"], signup: { capacity: 30 } });
  });
});
