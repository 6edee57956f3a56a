import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@worker/db/client";
import { rsvps, eventHosts } from "@worker/db/schema";
import { addGuest, addHost, db, makeEvent, makeUser } from "@worker/test/helpers";
import { guardedResults, writeTransition } from "./rsvp-guard";
import { storedRsvp } from "@worker/test/rsvp";

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
    expect(await Promise.all(people.map(async (p) => (await storedRsvp(event.id, p.id))!.status))).toEqual([
      "HOST_APPROVAL_REQUESTED",
      "HOST_APPROVAL_REQUESTED",
      "NO",
    ]);

    const fresh = await db().select({ id: rsvps.id, status: rsvps.status }).from(rsvps).where(eq(rsvps.eventId, event.id));
    const requests = fresh.filter((r) => r.status === "HOST_APPROVAL_REQUESTED");
    expect(await writeTransition(getDb(env.DB), event.id, requests, "YES")).toBe(true);
    expect(await Promise.all(people.map(async (p) => (await storedRsvp(event.id, p.id))!.status))).toEqual(["YES", "YES", "NO"]);
  });

  it("answers the statements' results while the organiser still is one, and writes nothing once a host has been removed", async () => {
    const owner = await makeUser();
    const host = await makeUser();
    const event = await makeEvent(owner.id);
    await addHost(event.id, host.id);
    const invite = (email: string) =>
      getDb(env.DB)
        .insert(rsvps)
        .values({ id: crypto.randomUUID(), eventId: event.id, email, status: "REQUESTED" })
        .returning({ email: rsvps.email });

    expect(await guardedResults(getDb(env.DB), event.id, { organiserId: host.id }, [invite("first@example.com")])).toEqual([
      [{ email: "first@example.com" }],
    ]);
    // The owner removes the host between the host's role check and the host's write.
    await db().delete(eventHosts).where(eq(eventHosts.userId, host.id));
    expect(await guardedResults(getDb(env.DB), event.id, { organiserId: host.id }, [invite("second@example.com")])).toBeNull();
    expect((await db().select({ email: rsvps.email }).from(rsvps).where(eq(rsvps.eventId, event.id))).map((r) => r.email)).toEqual([
      "first@example.com",
    ]);
  });
});
