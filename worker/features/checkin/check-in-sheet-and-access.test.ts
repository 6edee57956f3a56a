import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@worker/db/client";
import { programs, checkinLists, checkins, passes } from "@worker/db/schema";
import type { LiveMessage } from "@worker/live/protocol";
import { readPass } from "@worker/shared/pass-token";
import { mailsTo } from "@worker/test/auth";
import { errorOf, apiAs } from "@worker/test/client";
import { db as testDb, addGuest, addHost, db, makeEvent, makeUser } from "@worker/test/helpers";
import { addActivity } from "@worker/test/itinerary";
import { listen, settle } from "@worker/test/live";
import { unmakeHosts } from "@worker/test/people";
import { CHECKIN_MESSAGES } from "./checkin.schema";
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
import { passPublicKey } from "./pass-keys";
import { PASS_MAIL_MESSAGES } from "./pass.service";

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

async function experience(fields: Parameters<typeof makeEvent>[1] = {}) {
  const owner = await makeUser({ firstName: "Olga", lastName: "Owens" });
  const event = await makeEvent(owner.id, { name: "Lisbon Food Week", timeZone: "Europe/Lisbon", ...fields });
  return { owner, event };
}

async function guestOf(eventId: string, status: "YES" | "MAYBE" | "NO" = "YES") {
  const guest = await makeUser({ firstName: "Gus", lastName: "Guest" });
  const rsvpId = await addGuest(eventId, guest, status);
  return { ...guest, rsvpId };
}

const pass = (token: string, eventId: string) => apiAs(token).api.events[":eventId"].pass.$get({ param: { eventId } });
const mailMine = (token: string, eventId: string) => apiAs(token).api.events[":eventId"].pass.mail.$post({ param: { eventId } });
const mailAll = (token: string, eventId: string) => apiAs(token).api.events[":eventId"].checkin.passes.mail.$post({ param: { eventId } });

/** The one-click URL of a mail's List-Unsubscribe header, as a mail client POSTs it (RFC 8058). */
const oneClick = (mail: { headers: Record<string, string> | null }) =>
  exports.default.fetch(
    new Request(/^<(.+)>$/.exec(mail.headers!["List-Unsubscribe"]!)![1]!.replace(/^https?:\/\/[^/]+/, "http://localhost"), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    }),
  );

describe("GET /api/events/:eventId/pass", () => {
  it("answers an attending guest's pass: a token signed for them, its QR code, their name, not yet checked in", async () => {
    const { event } = await experience();
    const guest = await guestOf(event.id);
    const res = await pass(guest.token, event.id);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ eventId: event.id, rsvpId: guest.rsvpId, name: "Gus Guest", checkedInAt: null });
    expect(body.qrSvg).toMatch(/^<svg/);
    const claims = await readPass(body.token, await passPublicKey(db(), env, event.id), event.id);
    expect(claims).toMatchObject({ rsvpId: guest.rsvpId, serial: body.serial });
  });

  it("says when the guest was last admitted, leaving out an admission that was undone", async () => {
    const { owner, event } = await experience();
    const guest = await guestOf(event.id);
    const { serial } = await (await pass(guest.token, event.id)).json();
    await db().insert(checkinLists).values({ id: event.id, eventId: event.id, name: "Lisbon Food Week" });
    const row = { eventId: event.id, listId: event.id, passSerial: serial, rsvpId: guest.rsvpId, device: "Gate 1", byName: "Olga" };
    await db()
      .insert(checkins)
      .values({ ...row, id: crypto.randomUUID(), nonce: "first-scan", scannedAt: new Date("2026-11-20T10:42:00Z") });
    await db()
      .insert(checkins)
      .values({
        ...row,
        id: crypto.randomUUID(),
        nonce: "undone-scan",
        scannedAt: new Date("2026-11-20T11:00:00Z"),
        undoneAt: new Date(),
        undoneById: owner.id,
      });
    expect((await (await pass(guest.token, event.id)).json()).checkedInAt).toBe("2026-11-20T10:42:00.000Z");
  });

  it("answers 404 'You have a pass once you're attending' to a maybe, the owner without an RSVP and a stranger to a public experience", async () => {
    const { owner, event } = await experience({ privacy: "PUBLIC" });
    const maybe = await guestOf(event.id, "MAYBE");
    const stranger = await makeUser();
    for (const token of [maybe.token, owner.token, stranger.token]) {
      const res = await pass(token, event.id);
      expect(res.status).toBe(404);
      expect(await errorOf(res)).toBe(CHECKIN_MESSAGES.noPass);
    }
  });

  it("answers a stranger to a private experience 'Event not found', as for one that does not exist", async () => {
    const { event } = await experience({ privacy: "PRIVATE" });
    const stranger = await makeUser();
    const res = await pass(stranger.token, event.id);
    expect(res.status).toBe(404);
    expect(await errorOf(res)).toBe("Event not found");
  });
});

describe("the 'Your pass' e-mail", () => {
  it("holds the QR code as an inline PNG named by cid:, the serial, and a link to the pass whose token verifies", async () => {
    const { event } = await experience();
    const guest = await guestOf(event.id);
    expect((await mailMine(guest.token, event.id)).status).toBe(200);
    const [mail] = await mailsTo(guest.email);
    const { serial } = await (await pass(guest.token, event.id)).json();
    expect(mail!.subject).toBe("Your pass for Lisbon Food Week");
    expect(mail!.html).toContain('<img src="cid:pass-qr" alt="Your pass QR code"');
    expect(mail!.attachments).toEqual([
      { filename: "pass.png", contentType: "image/png", contentId: "pass-qr", content: expect.any(String) },
    ]);
    const png = Uint8Array.from(atob(mail!.attachments![0]!.content), (c) => c.charCodeAt(0));
    expect([...png.slice(1, 4)].map((c) => String.fromCharCode(c)).join("")).toBe("PNG");
    expect(png.length).toBeLessThan(16 * 1024);
    expect(mail!.text).toContain(serial);
    const token = /\/pass#([\w.-]+)/.exec(mail!.text)![1]!;
    expect(await readPass(token, await passPublicKey(db(), env, event.id), event.id)).toMatchObject({ serial, rsvpId: guest.rsvpId });
    expect(mail!.headers).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
  });

  it("lets a guest mail themselves their pass 3 times a day, then answers 429", async () => {
    const { event } = await experience();
    const guest = await guestOf(event.id);
    for (let i = 0; i < 3; i++) expect((await mailMine(guest.token, event.id)).status).toBe(200);
    const fourth = await mailMine(guest.token, event.id);
    expect(fourth.status).toBe(429);
    expect(await errorOf(fourth)).toBe(PASS_MAIL_MESSAGES.selfLimit);
    expect(await mailsTo(guest.email)).toHaveLength(3);
  });

  it("is not mailed to someone who is not attending (404)", async () => {
    const { event } = await experience();
    const declined = await guestOf(event.id, "NO");
    expect((await mailMine(declined.token, event.id)).status).toBe(404);
    expect(await mailsTo(declined.email)).toHaveLength(0);
  });
});

describe("POST /api/events/:eventId/checkin/passes/mail ('E-mail passes')", () => {
  it("mails every attending guest once: a second press queues 0, and a guest who used the stop link is skipped", async () => {
    const { owner, event } = await experience();
    const [ana, ben] = [await guestOf(event.id), await guestOf(event.id)];
    const maybe = await guestOf(event.id, "MAYBE");
    const first = await mailAll(owner.token, event.id);
    expect(await first.json()).toEqual({ queued: 2 });
    expect(await mailsTo(maybe.email)).toHaveLength(0);
    expect(await (await mailAll(owner.token, event.id)).json()).toEqual({ queued: 0 });

    // Ana stops the experience's mail; Cleo joins: the next press mails Cleo only.
    const [anaMail] = await mailsTo(ana.email);
    expect((await oneClick(anaMail!)).status).toBe(200);
    const cleo = await guestOf(event.id);
    // Ana's pass as a reissue leaves it: never mailed.
    await db().update(passes).set({ mailedAt: null }).where(eq(passes.rsvpId, ana.rsvpId));
    expect(await (await mailAll(owner.token, event.id)).json()).toEqual({ queued: 1 });
    expect(await mailsTo(cleo.email)).toHaveLength(1);
    expect(await mailsTo(ana.email)).toHaveLength(1);
    expect(await mailsTo(ben.email)).toHaveLength(1);
    expect(await (await mailAll(owner.token, event.id)).json()).toEqual({ queued: 0 });
  });

  it("queues each guest once when hosts press at the same moment", async () => {
    const { owner, event } = await experience();
    const host = await makeUser();
    await addHost(event.id, host.id);
    const guests = await Promise.all([1, 2, 3, 4].map(() => guestOf(event.id)));
    const answers = await Promise.all([mailAll(owner.token, event.id), mailAll(host.token, event.id), mailAll(owner.token, event.id)]);
    const queued = await Promise.all(answers.map(async (res) => (await res.json()).queued));
    expect(queued.reduce((a, b) => a + b, 0)).toBe(4);
    for (const guest of guests) expect(await mailsTo(guest.email)).toHaveLength(1);
  });

  it("answers 404 'Event not found' to everyone on a public experience but its guests, whatever their RSVP, and 403 to its guests", async () => {
    const { event } = await experience({ privacy: "PUBLIC" });
    const others = [
      "ONBOARD_REQUESTED",
      "HOST_APPROVAL_REQUESTED",
      "REQUESTED",
      "HOST_APPROVAL_DENIED",
      "NO",
      "EXPIRED",
      "HOST_REMOVED",
      "WAITLISTED",
    ] as const;
    for (const status of others) {
      const person = await makeUser();
      await addGuest(event.id, person, status);
      const res = await mailAll(person.token, event.id);
      expect(res.status, status).toBe(404);
      expect(await errorOf(res), status).toBe("Event not found");
    }
    const stranger = await mailAll((await makeUser()).token, event.id);
    expect([stranger.status, await errorOf(stranger)]).toEqual([404, "Event not found"]);
    for (const status of ["YES", "MAYBE"] as const) {
      const res = await mailAll((await guestOf(event.id, status)).token, event.id);
      expect([res.status, await errorOf(res)], status).toEqual([403, ORGANISERS_ONLY]);
    }
  });

  it("refuses a guest (403) and a stranger to a private experience (404)", async () => {
    const { event } = await experience({ privacy: "PRIVATE" });
    const guest = await guestOf(event.id);
    const res = await mailAll(guest.token, event.id);
    expect(res.status).toBe(403);
    expect((await mailAll((await makeUser()).token, event.id)).status).toBe(404);
    expect(await mailsTo(guest.email)).toHaveLength(0);
  });
});
