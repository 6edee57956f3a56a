import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { CompactSign, generateKeyPair } from "jose";
import { describe, expect, it } from "vitest";
import { getDb } from "@worker/db/client";
import { checkins, rsvps, passes } from "@worker/db/schema";
import { INVALID_REASON, listClosed, listNotOpen, REVOKED_REASON } from "@worker/shared/checkin-words";
import { passQrSvg } from "@worker/shared/pass-qr";
import { passPayload, readPass } from "@worker/shared/pass-token";
import { formatTimeInZone } from "@worker/shared/time-zone";
import { errorOf } from "@worker/test/client";
import { addGuest, makeUser, makeEvent } from "@worker/test/helpers";
import { removeGuests } from "@worker/test/people";
import { addList, checkinCrew, readSheet, reissue, scanned, scanOf, tokenOf, undo, upload } from "./checkin.test-support";
import { passPublicKey } from "./pass-keys";
import { currentPass } from "./passes";

const db = () => getDb(env.DB);
const storedCheckins = (eventId: string) => db().select().from(checkins).where(eq(checkins.eventId, eventId));

describe("checking a pass in", () => {
  it("admits a guest's pass once, then answers 'Already checked in by Olga Silva at …, Gate 1' with the first admission", async () => {
    const { owner, host, event, guestRsvp } = await checkinCrew();
    const token = await tokenOf(event.id, guestRsvp);
    const [first] = await scanned(owner.token, event.id, [scanOf(token)]);
    expect(first).toMatchObject({ verdict: "CHECKED_IN", attendee: { rsvpId: guestRsvp, name: "Gus Silva" }, doubleAdmission: false });
    expect(first!.checkin).toMatchObject({ listId: event.id, rsvpId: guestRsvp, byName: "Olga Silva", device: "Gate 1", offline: false });

    const at = first!.checkin!.scannedAt;
    const [second] = await scanned(host.token, event.id, [scanOf(token, { device: "Gate 2" })]);
    expect(second).toMatchObject({
      verdict: "ALREADY_CHECKED_IN",
      previous: { byName: "Olga Silva", at, device: "Gate 1" },
      reason: `Already checked in by Olga Silva at ${formatTimeInZone(Date.parse(at), "Europe/Lisbon")}, Gate 1`,
      checkin: null,
    });
    expect(await storedCheckins(event.id)).toHaveLength(1);
  });

  it("refuses a tampered token, another experience's pass, a pass signed with a forged key, and garbage text as INVALID", async () => {
    const { owner, event, guestRsvp } = await checkinCrew();
    const elsewhere = await checkinCrew();
    const token = await tokenOf(event.id, guestRsvp);
    const [header, payload, signature] = token.split(".");
    const tampered = `${header}.${btoa(JSON.stringify({ ...JSON.parse(atob(payload!)), r: "someone-else" })).replace(/=+$/, "")}.${signature}`;
    const { privateKey } = await generateKeyPair("ES256");
    const kid = JSON.parse(atob(header!)).kid as string;
    const forged = await new CompactSign(
      new TextEncoder().encode(
        JSON.stringify(passPayload({ eventId: event.id, rsvpId: guestRsvp, serial: "0000000000000000", issuedAt: 1 })),
      ),
    )
      .setProtectedHeader({ alg: "ES256", kid })
      .sign(privateKey);

    const results = await scanned(owner.token, event.id, [
      scanOf(tampered),
      scanOf(await tokenOf(elsewhere.event.id, elsewhere.guestRsvp)),
      scanOf(forged),
      scanOf("not a pass at all 🎉"),
    ]);
    expect(results.map((r) => [r.verdict, r.reason])).toEqual(Array(4).fill(["INVALID", INVALID_REASON.notAPass]));
    expect(await storedCheckins(event.id)).toHaveLength(0);
  });

  it("checks a guest in by hand by their pass's serial, and refuses a serial not on the list", async () => {
    const { owner, event, guestRsvp } = await checkinCrew();
    const { attendees } = await (await readSheet(owner.token, event.id)).json();
    const serial = attendees.find((a) => a.rsvpId === guestRsvp)!.serial;
    const [byHand, unknown] = await scanned(owner.token, event.id, [
      { serial, nonce: "by-hand-0001", scannedAt: new Date().toISOString(), device: "Desk" },
      { serial: "ffffffffffffffff", nonce: "by-hand-0002", scannedAt: new Date().toISOString(), device: "Desk" },
    ]);
    expect(byHand).toMatchObject({ verdict: "CHECKED_IN", checkin: { serial } });
    expect(unknown).toMatchObject({ verdict: "INVALID", reason: INVALID_REASON.unknown });
  });
});

describe("revoked passes", () => {
  it("answers REVOKED for a guest who declined, and for one the host removed through the API", async () => {
    const { owner, other, event, guestRsvp, otherRsvp } = await checkinCrew();
    const [declined, removed] = await Promise.all([tokenOf(event.id, guestRsvp), tokenOf(event.id, otherRsvp)]);
    await db().update(rsvps).set({ status: "NO" }).where(eq(rsvps.id, guestRsvp));
    expect((await removeGuests(owner.token, event.id, [other.id])).status).toBe(200);
    const results = await scanned(owner.token, event.id, [scanOf(declined), scanOf(removed)]);
    expect(results.map((r) => [r.verdict, r.reason, r.attendee?.rsvpId])).toEqual([
      ["REVOKED", REVOKED_REASON.LEFT, guestRsvp],
      ["REVOKED", REVOKED_REASON.LEFT, otherRsvp],
    ]);
  });

  it("refuses the old pass after a reissue ('replaced by a newer one') and admits the new one", async () => {
    const { owner, event, guestRsvp } = await checkinCrew();
    const old = await tokenOf(event.id, guestRsvp);
    const reissued = await reissue(owner.token, event.id, guestRsvp);
    expect(reissued.status).toBe(200);
    const fresh = await tokenOf(event.id, guestRsvp);
    expect(fresh).not.toBe(old);
    const [refused, admitted] = await scanned(owner.token, event.id, [scanOf(old), scanOf(fresh)]);
    expect(refused).toMatchObject({ verdict: "REVOKED", reason: REVOKED_REASON.REISSUED });
    expect(admitted).toMatchObject({ verdict: "CHECKED_IN", checkin: { serial: (await reissued.json()).serial } });
  });

  it("answers 404 'That guest is not attending this experience.' when reissuing to someone not attending", async () => {
    const { owner, event, guestRsvp } = await checkinCrew();
    await db().update(rsvps).set({ status: "NO" }).where(eq(rsvps.id, guestRsvp));
    const response = await reissue(owner.token, event.id, guestRsvp);
    expect(response.status).toBe(404);
    expect(await errorOf(response)).toBe("That guest is not attending this experience.");
  });
});

describe("list windows", () => {
  it("refuses offline scans made before a list opened and after it closed, in the experience's time, and admits one within", async () => {
    const { owner, event, guestRsvp } = await checkinCrew();
    const hour = 3_600_000;
    const opensAt = Date.now() - 5 * hour;
    const closesAt = Date.now() - 2 * hour;
    const created = await addList(owner.token, event.id, {
      name: "Gala dinner",
      opensAt: new Date(opensAt).toISOString(),
      closesAt: new Date(closesAt).toISOString(),
    });
    expect(created.status).toBe(201);
    const list = await created.json();
    const token = await tokenOf(event.id, guestRsvp);
    const offlineAt = (ms: number) => ({ offline: true, scannedAt: new Date(ms).toISOString() });
    const results = await scanned(
      owner.token,
      event.id,
      [scanOf(token, offlineAt(opensAt - 60_000)), scanOf(token, offlineAt(closesAt + 60_000)), scanOf(token, offlineAt(opensAt + hour))],
      list.id,
    );
    expect(results.map((r) => [r.verdict, r.reason])).toEqual([
      ["INVALID", listNotOpen(opensAt, "Europe/Lisbon")],
      ["INVALID", listClosed(closesAt, "Europe/Lisbon")],
      ["CHECKED_IN", null],
    ]);
  });

  it("answers 404 'That check-in list does not exist.' for another experience's list", async () => {
    const { owner, event, guestRsvp } = await checkinCrew();
    const elsewhere = await checkinCrew();
    const response = await upload(owner.token, event.id, elsewhere.event.id, [scanOf(await tokenOf(event.id, guestRsvp))]);
    expect(response.status).toBe(404);
    expect(await errorOf(response)).toBe("That check-in list does not exist.");
  });
});

describe("uploads after an offline spell", () => {
  it("counts the same batch uploaded twice once, answering the first answers again", async () => {
    const { owner, event, guestRsvp, otherRsvp } = await checkinCrew();
    const batch = [
      scanOf(await tokenOf(event.id, guestRsvp), { offline: true }),
      scanOf(await tokenOf(event.id, otherRsvp), { offline: true }),
    ];
    const first = await scanned(owner.token, event.id, batch);
    const again = await scanned(owner.token, event.id, batch);
    expect(again).toEqual(first);
    expect(first.map((r) => r.verdict)).toEqual(["CHECKED_IN", "CHECKED_IN"]);
    expect(await storedCheckins(event.id)).toHaveLength(2);
  });

  it("keeps both admissions when two offline devices let one pass in, flagging the second as a double admission", async () => {
    const { owner, host, event, guestRsvp } = await checkinCrew();
    const token = await tokenOf(event.id, guestRsvp);
    const [gate1] = await scanned(owner.token, event.id, [scanOf(token, { offline: true, scannedAt: "2026-06-01T09:00:00.000Z" })]);
    const [gate2] = await scanned(host.token, event.id, [
      scanOf(token, { offline: true, device: "Gate 2", scannedAt: "2026-06-01T09:05:00.000Z" }),
    ]);
    expect(gate1).toMatchObject({ verdict: "CHECKED_IN", doubleAdmission: false });
    expect(gate2).toMatchObject({
      verdict: "ALREADY_CHECKED_IN",
      doubleAdmission: true,
      previous: { byName: "Olga Silva", device: "Gate 1" },
      checkin: { doubleAdmission: true, device: "Gate 2", byName: "Hana Silva", offline: true },
    });
    const rows = await storedCheckins(event.id);
    expect(rows.map((row) => row.doubleAdmission).sort()).toEqual([false, true]);
  });

  it(
    "answers an upload of 500 offline scans of 50 guests in one go: 50 admitted, 450 kept as double admissions",
    { timeout: 30_000 },
    async () => {
      const { owner, event } = await checkinCrew();
      const crowd = await Promise.all(Array.from({ length: 50 }, () => makeUser()));
      const rsvpIds = await Promise.all(crowd.map((person) => addGuest(event.id, person)));
      const tokens = await Promise.all(rsvpIds.map((rsvpId) => tokenOf(event.id, rsvpId)));
      const scans = Array.from({ length: 500 }, (_, i) => scanOf(tokens[i % 50]!, { offline: true }));
      const started = Date.now();
      const results = await scanned(owner.token, event.id, scans);
      expect(Date.now() - started, "milliseconds for the upload").toBeLessThan(5_000);
      expect(results.slice(0, 50).every((r) => r.verdict === "CHECKED_IN")).toBe(true);
      expect(results.slice(50).every((r) => r.verdict === "ALREADY_CHECKED_IN" && r.doubleAdmission)).toBe(true);
      expect(await storedCheckins(event.id)).toHaveLength(500);
    },
  );
});

describe("re-entry and undo", () => {
  it("admits a guest again on a list with re-entry on, and refuses them on one with re-entry off", async () => {
    const { owner, event, guestRsvp } = await checkinCrew();
    const token = await tokenOf(event.id, guestRsvp);
    const coach = await (await addList(owner.token, event.id, { name: "Coach", reentry: true })).json();
    const onCoach = await scanned(owner.token, event.id, [scanOf(token), scanOf(token)], coach.id);
    const atDoor = await scanned(owner.token, event.id, [scanOf(token), scanOf(token)]);
    expect(onCoach.map((r) => r.verdict)).toEqual(["CHECKED_IN", "CHECKED_IN"]);
    expect(atDoor.map((r) => r.verdict)).toEqual(["CHECKED_IN", "ALREADY_CHECKED_IN"]);
  });

  it("undoes a check-in (twice answers the same) and then admits the pass again", async () => {
    const { owner, host, event, guestRsvp } = await checkinCrew();
    const token = await tokenOf(event.id, guestRsvp);
    const [admitted] = await scanned(owner.token, event.id, [scanOf(token)]);
    const undone = await undo(host.token, event.id, admitted!.checkin!.id);
    expect(undone.status).toBe(200);
    const row = await undone.json();
    expect(row.undoneAt).not.toBeNull();
    const twice = await undo(host.token, event.id, admitted!.checkin!.id);
    expect(await twice.json()).toEqual(row);
    const [again] = await scanned(owner.token, event.id, [scanOf(token)]);
    expect(again).toMatchObject({ verdict: "CHECKED_IN", doubleAdmission: false });
    expect((await undo(owner.token, event.id, "no-such-checkin")).status).toBe(404);
  });

  it("admits exactly one of two scans of one pass fired at once from two gates", async () => {
    const { owner, host, event, guestRsvp } = await checkinCrew();
    const token = await tokenOf(event.id, guestRsvp);
    const [gate1, gate2] = await Promise.all([
      scanned(owner.token, event.id, [scanOf(token, { device: "Gate 1" })]),
      scanned(host.token, event.id, [scanOf(token, { device: "Gate 2" })]),
    ]);
    expect([gate1[0]!.verdict, gate2[0]!.verdict].sort()).toEqual(["ALREADY_CHECKED_IN", "CHECKED_IN"]);
    expect(await storedCheckins(event.id)).toHaveLength(1);
  });
});

async function attending() {
  const [owner, guest] = await Promise.all([makeUser({ firstName: "Olga" }), makeUser({ firstName: "Gus" })]);
  const event = await makeEvent(owner.id);
  const rsvpId = await addGuest(event.id, guest, "YES");
  return { event, rsvpId };
}

describe("passes", () => {
  it("issues one pass to an attending guest, signed with the experience's key, even when asked for at once", async () => {
    const { event, rsvpId } = await attending();
    const [first, second] = await Promise.all([currentPass(db(), env, event.id, rsvpId), currentPass(db(), env, event.id, rsvpId)]);
    expect(first?.serial).toBe(second?.serial);
    const claims = await readPass(first!.token, await passPublicKey(db(), env, event.id), event.id);
    expect(claims).toMatchObject({ eventId: event.id, rsvpId, serial: first!.serial });
    expect(await readPass(first!.token, await passPublicKey(db(), env, event.id), "another-event")).toBeNull();
  });

  it("revokes the pass in D1 when the guest declines, and issues a new one when they attend again", async () => {
    const { event, rsvpId } = await attending();
    const pass = await currentPass(db(), env, event.id, rsvpId);
    await db().update(rsvps).set({ status: "NO" }).where(eq(rsvps.id, rsvpId));
    expect(await currentPass(db(), env, event.id, rsvpId)).toBeNull();
    const revoked = await db().select().from(passes).where(eq(passes.serial, pass!.serial)).get();
    expect(revoked).toMatchObject({ revokedReason: "LEFT" });
    await db().update(rsvps).set({ status: "YES" }).where(eq(rsvps.id, rsvpId));
    expect((await currentPass(db(), env, event.id, rsvpId))?.serial).not.toBe(pass!.serial);
  });
});

describe("pass QR code", () => {
  it("draws the token as an SVG QR code", async () => {
    const svg = await passQrSvg("eyJhbGciOiJFUzI1NiJ9.eyJlIjoiZXZ0In0.c2ln");
    expect(svg).toMatch(/^<svg[^>]*viewBox/);
  });
});
