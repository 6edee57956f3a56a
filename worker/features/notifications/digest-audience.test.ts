import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@worker/db/client";
import { activitySignups, rsvps } from "@worker/db/schema";
import { coachMoved, makeDigest } from "@worker/test/digest";
import { addGuest, db, makeEvent, makeUser } from "@worker/test/helpers";
import { addActivity, experience } from "@worker/test/itinerary";
import { HOUR } from "@worker/test/time";
import { digestPage } from "./digest.service";

// Who a digest tells of an activity limited to groups (docs/programme.md): its organisers and the guests in its groups;
// of a sign-up activity: its organisers and its sign-ups.

describe("a digest of an activity limited to groups", () => {
  it("tells the organisers and guests in its groups, whatever their case, and no other guest", async () => {
    const [owner, host, vip, plain] = await Promise.all([makeUser(), makeUser(), makeUser(), makeUser()]);
    const event = await makeEvent(owner.id);
    await addGuest(event.id, vip);
    await addGuest(event.id, plain);
    await db()
      .update(rsvps)
      .set({ tags: ["vip"] })
      .where(eq(rsvps.userId, vip.id));
    const digestId = await makeDigest(event.id, [{ ...coachMoved(host.id), label: "VIP dinner", groups: ["VIP"] }]);
    const page = await digestPage(getDb(env.DB), digestId, 0);
    const told = page!.tellings.map((telling) => telling.recipient.id);
    expect(told).toEqual(expect.arrayContaining([owner.id, vip.id]));
    expect(told).not.toContain(plain.id);
  });
});

describe("a digest of a change to a sign-up activity", () => {
  it("tells its sign-ups, in or waiting, and the organisers, and no other guest", async () => {
    const [owner, host, going, waiting, other] = await Promise.all([makeUser(), makeUser(), makeUser(), makeUser(), makeUser()]);
    const { event, start, days } = await experience(owner.id, 1);
    const activity = await addActivity(event.id, days[0]!.id, start + 10 * HOUR, { name: "Workshop", attendance: "SIGNUP", capacity: 1 });
    for (const person of [going, waiting, other]) await addGuest(event.id, person);
    await db()
      .insert(activitySignups)
      .values([
        { id: crypto.randomUUID(), eventId: event.id, activityId: activity.id, userId: going.id, status: "IN" },
        { id: crypto.randomUUID(), eventId: event.id, activityId: activity.id, userId: waiting.id, status: "WAITING", waitlistRank: 1 },
      ]);
    const digestId = await makeDigest(event.id, [{ ...coachMoved(host.id), subjectId: activity.id, label: "Workshop" }]);
    const page = await digestPage(getDb(env.DB), digestId, 0);
    const told = page!.tellings.map((telling) => telling.recipient.id);
    expect(told).toEqual(expect.arrayContaining([owner.id, going.id, waiting.id]));
    expect(told).not.toContain(other.id);
  });
});
