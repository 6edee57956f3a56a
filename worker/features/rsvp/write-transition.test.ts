import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { rsvps } from "../../db/schema";
import { addGuest, db, makeEvent, makeUser } from "../../test/helpers";
import { writeTransition } from "./rsvp-guard";
import { storedRsvp } from "./test-support";

describe("writeTransition (the one batch behind a host's bulk action)", () => {
  it("writes nothing when any RSVP moved after it was read, and everything when none did", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id);
    const people = await Promise.all([makeUser(), makeUser(), makeUser()]);
    for (const person of people) await addGuest(event.id, person, "HOST_APPROVAL_REQUESTED");
    const read = await db().select({ id: rsvps.id, status: rsvps.status }).from(rsvps).where(eq(rsvps.eventId, event.id));

    // The last requester withdraws between the host's read and the host's write.
    await db().update(rsvps).set({ status: "NO" }).where(eq(rsvps.userId, people[2]!.id));
    expect(await writeTransition(getDb(env.DB), event.id, read, "YES")).toBe(false);
    expect(await Promise.all(people.map(async (p) => (await storedRsvp(event.id, p.id))!.status))).toEqual(["HOST_APPROVAL_REQUESTED", "HOST_APPROVAL_REQUESTED", "NO"]);

    const fresh = await db().select({ id: rsvps.id, status: rsvps.status }).from(rsvps).where(eq(rsvps.eventId, event.id));
    const requests = fresh.filter((r) => r.status === "HOST_APPROVAL_REQUESTED");
    expect(await writeTransition(getDb(env.DB), event.id, requests, "YES")).toBe(true);
    expect(await Promise.all(people.map(async (p) => (await storedRsvp(event.id, p.id))!.status))).toEqual(["YES", "YES", "NO"]);
  });
});
