import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "@worker/db/client";
import { programs } from "@worker/db/schema";
import { passPublicKey } from "@worker/lib/pass-keys";
import type { LiveMessage } from "@worker/live/protocol";
import { readPass } from "@worker/shared/pass-token";
import { errorOf } from "@worker/test/client";
import { addActivity } from "@worker/test/itinerary";
import { listen, settle } from "@worker/test/live";
import { unmakeHosts } from "@worker/test/people";
import { db as testDb } from "@worker/test/helpers";
import {
  addList,
  changeList,
  checkinCrew,
  dropList,
  readSheet,
  reissue,
  scanned,
  scanOf,
  tokenOf,
  undo,
  upload,
} from "./checkin.test-support";

const ORGANISERS_ONLY = "Only the owner and hosts can check guests in.";

async function addDay(eventId: string) {
  const id = crypto.randomUUID();
  await testDb().insert(programs).values({ id, eventId, dayIndex: 0, date: "2026-06-01", name: "Day 1" });
  return id;
}

describe("the check-in sheet", () => {
  it("gives the organisers the key, the lists with counts, every attending guest's pass, the check-ins and the revocations", async () => {
    const { owner, host, event, guestRsvp, otherRsvp } = await checkinCrew();
    const token = await tokenOf(event.id, guestRsvp);
    await scanned(owner.token, event.id, [scanOf(token)]);
    await tokenOf(event.id, otherRsvp);
    await reissue(owner.token, event.id, otherRsvp);

    const response = await readSheet(host.token, event.id);
    expect(response.status).toBe(200);
    const sheet = await response.json();
    expect(sheet.timeZone).toBe("Europe/Lisbon");
    expect(await readPass(token, sheet.publicJwk, event.id)).toMatchObject({ rsvpId: guestRsvp });
    expect(sheet.publicJwk).toEqual(await passPublicKey(getDb(env.DB), env, event.id));
    expect(sheet.lists).toEqual([expect.objectContaining({ id: event.id, isDefault: true, checkedIn: 1, reentry: false })]);
    expect(sheet.attendees.map((a) => a.name).sort()).toEqual(["Ada Silva", "Gus Silva", "Hana Silva"]);
    expect(sheet.checkins).toEqual([expect.objectContaining({ rsvpId: guestRsvp, byName: "Olga Silva", undoneAt: null })]);
    expect(sheet.revocations).toEqual([expect.objectContaining({ rsvpId: otherRsvp, reason: "REISSUED" })]);
    const current = sheet.attendees.find((a) => a.rsvpId === otherRsvp)!.serial;
    expect(sheet.revocations[0]!.serial).not.toBe(current);
  });
});

describe("who may check guests in", () => {
  it("refuses a guest the sheet, scans, undo, lists and reissues with 'Only the owner and hosts can check guests in.'", async () => {
    const { owner, guest, event, guestRsvp } = await checkinCrew();
    const [admitted] = await scanned(owner.token, event.id, [scanOf(await tokenOf(event.id, guestRsvp))]);
    const attempts = [
      readSheet(guest.token, event.id),
      upload(guest.token, event.id, event.id, [scanOf(await tokenOf(event.id, guestRsvp))]),
      undo(guest.token, event.id, admitted!.checkin!.id),
      addList(guest.token, event.id, { name: "Mine" }),
      changeList(guest.token, event.id, event.id, { reentry: true }),
      dropList(guest.token, event.id, event.id),
      reissue(guest.token, event.id, guestRsvp),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(403);
      expect(await errorOf(response)).toBe(ORGANISERS_ONLY);
    }
    const sheet = await (await readSheet(owner.token, event.id)).json();
    expect(sheet.checkins.map((c) => c.undoneAt)).toEqual([null]);
    expect(sheet.lists).toHaveLength(1);
  });

  it("answers a stranger 404, as for a missing experience", async () => {
    const { stranger, event } = await checkinCrew();
    for (const response of [await readSheet(stranger.token, event.id), await upload(stranger.token, event.id, event.id, [scanOf("x")])]) {
      expect(response.status).toBe(404);
      expect(await errorOf(response)).toBe("Event not found");
    }
  });

  it("refuses a host removed a moment ago at once", async () => {
    const { owner, host, event, guestRsvp } = await checkinCrew();
    expect((await readSheet(host.token, event.id)).status).toBe(200);
    expect((await unmakeHosts(owner.token, event.id, [host.id])).status).toBe(200);
    const response = await upload(host.token, event.id, event.id, [scanOf(await tokenOf(event.id, guestRsvp))]);
    expect(response.status).toBe(403);
    expect((await readSheet(host.token, event.id)).status).toBe(403);
  });
});

describe("check-in, live", () => {
  it("sends each scan's check-in to the organisers' scanners and 'pass.changed' to the admitted guest only", async () => {
    const { owner, host, guest, other, event, guestRsvp } = await checkinCrew();
    const [hostSocket, guestSocket, otherSocket] = await Promise.all([
      listen(event.id, host.token),
      listen(event.id, guest.token),
      listen(event.id, other.token),
    ]);
    const [admitted] = await scanned(owner.token, event.id, [scanOf(await tokenOf(event.id, guestRsvp))]);
    await undo(owner.token, event.id, admitted!.checkin!.id);
    await settle();

    const undone = { ...admitted!.checkin!, undoneAt: expect.any(String) };
    expect(hostSocket.messages).toEqual([
      { type: "checkin.scanned", eventId: event.id, checkins: [admitted!.checkin] },
      { type: "checkin.scanned", eventId: event.id, checkins: [undone] },
    ]);
    const passChanged: LiveMessage = { type: "pass.changed", eventId: event.id };
    expect(guestSocket.messages).toEqual([passChanged, passChanged]);
    expect(otherSocket.messages).toEqual([]);
    for (const socket of [hostSocket, guestSocket, otherSocket]) socket.ws.close();
  });

  it("tells the organisers 'checkin.changed' when a list is added, and a refused scan tells no one", async () => {
    const { owner, host, guest, event } = await checkinCrew();
    const [hostSocket, guestSocket] = await Promise.all([listen(event.id, host.token), listen(event.id, guest.token)]);
    await scanned(owner.token, event.id, [scanOf("garbage")]);
    await addList(owner.token, event.id, { name: "Coach" });
    await settle();
    expect(hostSocket.messages).toEqual([{ type: "checkin.changed", eventId: event.id }]);
    expect(guestSocket.messages).toEqual([]);
    for (const socket of [hostSocket, guestSocket]) socket.ws.close();
  });
});

describe("check-in lists", () => {
  it("adds, changes and deletes a list for a day or an activity, and keeps the whole-experience list", async () => {
    const { owner, event } = await checkinCrew();
    const dayId = await addDay(event.id);
    const activity = await addActivity(event.id, dayId, Date.parse("2026-06-01T19:00:00Z"));
    const created = await addList(owner.token, event.id, { name: "Day one", dayId });
    expect(created.status).toBe(201);
    const list = await created.json();
    expect(list).toMatchObject({ name: "Day one", dayId, activityId: null, isDefault: false, checkedIn: 0 });

    const changed = await changeList(owner.token, event.id, list.id, { dayId: null, activityId: activity.id, reentry: true });
    expect(await changed.json()).toMatchObject({ dayId: null, activityId: activity.id, reentry: true });
    expect((await dropList(owner.token, event.id, list.id)).status).toBe(200);
    expect((await changeList(owner.token, event.id, list.id, { name: "Gone" })).status).toBe(404);

    const fixed = await dropList(owner.token, event.id, event.id);
    expect(fixed.status).toBe(400);
    expect(await errorOf(fixed)).toBe("The whole-experience list cannot be deleted.");
    const sheet = await (await readSheet(owner.token, event.id)).json();
    expect(sheet.lists.map((l) => l.id)).toEqual([event.id]);
  });

  it("refuses another experience's day or activity, both at once, and a window closing before it opens", async () => {
    const { owner, event } = await checkinCrew();
    const elsewhere = await checkinCrew();
    const dayId = await addDay(event.id);
    const foreignDay = await addDay(elsewhere.event.id);
    const foreignActivity = await addActivity(elsewhere.event.id, foreignDay, Date.parse("2026-06-01T19:00:00Z"));
    const cases = [
      [{ name: "A", dayId: foreignDay }, "That day is not part of this experience."],
      [{ name: "A", activityId: foreignActivity.id }, "That activity is not part of this experience."],
      [{ name: "A", dayId, activityId: foreignActivity.id }, "A list is for a day or an activity, not both."],
      [{ name: "A", opensAt: "2026-06-01T20:00:00Z", closesAt: "2026-06-01T19:00:00Z" }, "A list must close after it opens."],
    ] as const;
    for (const [body, error] of cases) {
      const response = await addList(owner.token, event.id, body);
      expect(response.status, error).toBe(400);
      expect(await errorOf(response)).toBe(error);
    }
    const closing = await changeList(owner.token, event.id, event.id, {
      opensAt: "2026-06-01T20:00:00Z",
      closesAt: "2026-06-01T20:00:00Z",
    });
    expect(await errorOf(closing)).toBe("A list must close after it opens.");
  });
});
