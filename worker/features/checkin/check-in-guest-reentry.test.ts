import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@worker/db/client";
import { checkins, rsvps } from "@worker/db/schema";
import { checkinCrew, readSheet, reissue, scanned, scanOf, tokenOf } from "./checkin.test-support";

const db = () => getDb(env.DB);
const storedCheckins = (eventId: string) => db().select().from(checkins).where(eq(checkins.eventId, eventId));

/** A crew whose guest Gus was admitted by Olga at Gate 1 with the pass he held then. */
async function admittedOnce() {
  const crew = await checkinCrew();
  const oldToken = await tokenOf(crew.event.id, crew.guestRsvp);
  const [first] = await scanned(crew.owner.token, crew.event.id, [scanOf(oldToken)]);
  expect(first).toMatchObject({ verdict: "CHECKED_IN" });
  return { ...crew, oldToken };
}

describe("re-entry is judged by the guest, whatever pass they hold", () => {
  it("answers 'Already checked in by Olga Silva …, Gate 1' to the pass an organiser reissued after the guest was admitted", async () => {
    const { owner, host, event, guestRsvp, oldToken } = await admittedOnce();
    expect((await reissue(owner.token, event.id, guestRsvp)).status).toBe(200);
    const fresh = await tokenOf(event.id, guestRsvp);
    expect(fresh).not.toBe(oldToken);
    const [again] = await scanned(host.token, event.id, [scanOf(fresh, { device: "Gate 2" })]);
    expect(again).toMatchObject({
      verdict: "ALREADY_CHECKED_IN",
      attendee: { rsvpId: guestRsvp },
      previous: { byName: "Olga Silva", device: "Gate 1" },
      checkin: null,
    });
    expect(again!.reason).toMatch(/^Already checked in by Olga Silva at .+, Gate 1$/);
    expect(await storedCheckins(event.id)).toHaveLength(1);
  });

  it("answers 'Already checked in' to the new pass of a guest who declined and attends again", async () => {
    const { owner, event, guestRsvp, oldToken } = await admittedOnce();
    await db().update(rsvps).set({ status: "NO" }).where(eq(rsvps.id, guestRsvp));
    await db().update(rsvps).set({ status: "YES" }).where(eq(rsvps.id, guestRsvp));
    const fresh = await tokenOf(event.id, guestRsvp);
    expect(fresh).not.toBe(oldToken);
    const [again] = await scanned(owner.token, event.id, [scanOf(fresh)]);
    expect(again).toMatchObject({ verdict: "ALREADY_CHECKED_IN", previous: { byName: "Olga Silva" } });
    expect(await storedCheckins(event.id)).toHaveLength(1);
  });

  it("admits none of the reissued pass's scans fired at once from three gates, by hand or by token", async () => {
    const { owner, host, event, guestRsvp } = await admittedOnce();
    const { serial } = await (await reissue(owner.token, event.id, guestRsvp)).json();
    const fresh = await tokenOf(event.id, guestRsvp);
    const answers = await Promise.all([
      scanned(owner.token, event.id, [scanOf(fresh, { device: "Gate 2" })]),
      scanned(host.token, event.id, [scanOf(fresh, { device: "Gate 3" })]),
      scanned(host.token, event.id, [{ serial, nonce: `by-hand-${Date.now()}`, scannedAt: new Date().toISOString(), device: "Desk" }]),
    ]);
    expect(answers.map(([result]) => result!.verdict)).toEqual(["ALREADY_CHECKED_IN", "ALREADY_CHECKED_IN", "ALREADY_CHECKED_IN"]);
    expect(await storedCheckins(event.id)).toHaveLength(1);
  });

  it("keeps an offline gate's admission of the new pass, flagged as a double admission, and still counts the guest once", async () => {
    const { owner, event, guestRsvp } = await admittedOnce();
    await reissue(owner.token, event.id, guestRsvp);
    const [offline] = await scanned(owner.token, event.id, [scanOf(await tokenOf(event.id, guestRsvp), { offline: true })]);
    expect(offline).toMatchObject({ verdict: "ALREADY_CHECKED_IN", doubleAdmission: true, checkin: { doubleAdmission: true } });
    const sheet = await (await readSheet(owner.token, event.id)).json();
    expect(sheet.lists.find((list) => list.isDefault)!.checkedIn).toBe(1);
  });
});
