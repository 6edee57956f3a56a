import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { events, rsvps, type RsvpStatus } from "@worker/db/schema";
import { mailsTo } from "@worker/test/auth";
import { errorOf } from "@worker/test/client";
import { addGuest, addHost, db, makeEvent, makeUser } from "@worker/test/helpers";
import { uniqueEmail } from "@worker/test/accounts";
import { REMINDER_INTERVAL_MS } from "./reminders.service";
import { RSVP_STATUS_VALUES } from "./rsvp.schema";
import { invite, remind, storedRsvp } from "@worker/test/rsvp";

const PENDING: RsvpStatus[] = ["REQUESTED", "ONBOARD_REQUESTED"];
const HOUR = 60 * 60 * 1000;

const invitedAgo = (eventId: string, ms: number) =>
  db()
    .update(rsvps)
    .set({ createdAt: new Date(Date.now() - ms) })
    .where(eq(rsvps.eventId, eventId));

/** An experience with one guest in every RSVP status, and an invitation still waiting for its account. */
async function experience(privacy: "PUBLIC" | "PRIVATE" = "PUBLIC") {
  const [owner, host] = await Promise.all([makeUser({ firstName: "Olga" }), makeUser({ firstName: "Hana", lastName: "Hill" })]);
  const event = await makeEvent(owner.id, { name: "Alps Retreat", privacy });
  await addHost(event.id, host.id);
  const guests = await Promise.all(RSVP_STATUS_VALUES.map(() => makeUser()));
  await Promise.all(RSVP_STATUS_VALUES.map((status, i) => addGuest(event.id, guests[i]!, status)));
  const invitee = uniqueEmail("invitee");
  await invite(owner.token, event.id, [invitee]);
  // Invited two hours ago: reminders wait an hour after an invitation.
  await invitedAgo(event.id, 2 * HOUR);
  const guestIn = (status: RsvpStatus) => guests[RSVP_STATUS_VALUES.indexOf(status)]!;
  return { owner, host, event, guestIn, invitee };
}

describe("POST /api/rsvp/request/:eventId (send reminder)", () => {
  it("mails a reminder to every pending invitation (REQUESTED, ONBOARD_REQUESTED) and to no one else", async () => {
    const { host, event, guestIn, invitee } = await experience();

    const response = await remind(host.token, event.id);

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ reminded: 3, unreachable: [] });
    for (const status of PENDING) {
      const mails = await mailsTo(guestIn(status).email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe("Reminder: Hana Hill invited you to “Alps Retreat”");
      expect(mails[0]!.text).toContain("Hana Hill is waiting for your answer to the invitation to Alps Retreat.");
      expect(mails[0]!.text).toContain(`${env.APP_ORIGIN}/experiences/${event.id}`);
      expect((await storedRsvp(event.id, guestIn(status).id))?.remindedAt).toBeInstanceOf(Date);
    }
    const [reminder] = await mailsTo(invitee);
    expect(reminder!.subject).toBe("Reminder: Hana Hill invited you to “Alps Retreat”");
    expect(reminder!.text).toContain(`Sign up for Experiences with this address (${invitee})`);
    for (const status of RSVP_STATUS_VALUES.filter((s) => !PENDING.includes(s))) {
      expect(await mailsTo(guestIn(status).email), status).toEqual([]);
    }
  });

  it("answers a second reminder the same day 429 'Reminders can be sent once a day', whoever clicks, and reminds again a day later", async () => {
    const { owner, host, event, guestIn } = await experience();
    expect(await (await remind(owner.token, event.id)).json()).toEqual({ reminded: 3, unreachable: [] });

    const again = await remind(host.token, event.id);
    expect([again.status, await errorOf(again)]).toEqual([429, "Reminders can be sent once a day"]);
    expect(await mailsTo(guestIn("REQUESTED").email)).toHaveLength(1);

    await db()
      .update(events)
      .set({ remindedAt: new Date(Date.now() - REMINDER_INTERVAL_MS - 1000) })
      .where(eq(events.id, event.id));
    expect(await (await remind(owner.token, event.id)).json()).toEqual({ reminded: 3, unreachable: [] });
    expect(await mailsTo(guestIn("REQUESTED").email)).toHaveLength(2);
  });

  it("of clicks landing at once, one reminds each guest once and the others are told 'Reminders can be sent once a day'", async () => {
    const { owner, host, event, guestIn } = await experience();
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => remind((i % 2 ? host : owner).token, event.id)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 429, 429, 429, 429]);
    expect(await answers.find((a) => a.status === 200)!.json()).toEqual({ reminded: 3, unreachable: [] });
    for (const status of PENDING) expect(await mailsTo(guestIn(status).email)).toHaveLength(1);
  });

  it("never reminds someone invited less than an hour ago, and such a click does not use up the day", async () => {
    const { owner, event, guestIn } = await experience();
    await invitedAgo(event.id, 30 * 60 * 1000);
    expect(await (await remind(owner.token, event.id)).json()).toEqual({ reminded: 0, unreachable: [] });
    expect(await mailsTo(guestIn("REQUESTED").email)).toEqual([]);
    await invitedAgo(event.id, 61 * 60 * 1000);
    expect(await (await remind(owner.token, event.id)).json()).toEqual({ reminded: 3, unreachable: [] });
  });

  it("answers { reminded: 0 } when no invitation is pending", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id);
    const response = await remind(owner.token, event.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ reminded: 0, unreachable: [] });
  });

  it.each([
    ["an attending guest", "PUBLIC", 403, "You do not have permission to do this"],
    ["an attending guest", "PRIVATE", 403, "You do not have permission to do this"],
    ["a stranger", "PUBLIC", 403, "You do not have permission to do this"],
    ["a stranger", "PRIVATE", 404, "Event not found"],
  ] as const)("answers %s of a %s experience %i '%s' and mails no one", async (who, privacy, status, error) => {
    const { event, guestIn } = await experience(privacy);
    const caller = who === "a stranger" ? await makeUser() : guestIn("YES");
    const response = await remind(caller.token, event.id);
    expect(response.status).toBe(status);
    expect(await errorOf(response)).toBe(error);
    expect(await mailsTo(guestIn("REQUESTED").email)).toEqual([]);
    expect((await storedRsvp(event.id, guestIn("REQUESTED").id))?.remindedAt).toBeNull();
  });
});
