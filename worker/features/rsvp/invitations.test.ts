import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@worker/db/client";
import { activities, mailOutbox, programs, rsvps, userTags, eventHosts } from "@worker/db/schema";
import { register, uniqueEmail } from "@worker/test/accounts";
import { mailsTo } from "@worker/test/auth";
import { errorOf } from "@worker/test/client";
import { addGuest, addHost, db, makeEvent, makeUser } from "@worker/test/helpers";
import { messagesDuring } from "@worker/test/live";
import { attendees, hostAction, invite, ownRsvp, respond, storedRsvp } from "@worker/test/rsvp";
import { inviteMany } from "./invitations.service";
import { guardedResults, writeTransition } from "./rsvp-guard";
import { RSVP_MESSAGES } from "./rsvp.schema";

async function experience(fields: Parameters<typeof makeEvent>[1] = {}) {
  const [owner, host] = await Promise.all([makeUser({ firstName: "Olga", lastName: "Owens" }), makeUser({ firstName: "Hana" })]);
  const event = await makeEvent(owner.id, { name: "Lisbon Food Week", rsvpType: "INVITE_ONLY", ...fields });
  await addHost(event.id, host.id);
  return { owner, host, event };
}

const rsvpsOf = (eventId: string) => db().select().from(rsvps).where(eq(rsvps.eventId, eventId));
const rsvpTo = async (eventId: string, email: string) =>
  (
    await db()
      .select()
      .from(rsvps)
      .where(and(eq(rsvps.eventId, eventId), eq(rsvps.email, email)))
  )[0] ?? null;
/** The start of an invitation's link: the share page, carrying the invitation's token. */
const link = (eventId: string) => `${env.APP_ORIGIN}/itinerary/${eventId}?invitation=`;

describe("POST /api/rsvp (Invite by Email)", () => {
  it("gives each address a REQUESTED RSVP and one invitation e-mail linking to the experience's share page", async () => {
    const { owner, event } = await experience();
    const member = await makeUser({ firstName: "Mia" });
    const newcomer = uniqueEmail("newcomer");

    const response = await invite(owner.token, event.id, [member.email, newcomer]);

    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ invited: [member.email, newcomer], alreadyInvited: [], unreachable: [] });
    expect(await rsvpTo(event.id, member.email)).toMatchObject({ status: "REQUESTED", userId: member.id, invitedById: owner.id });
    expect(await rsvpTo(event.id, newcomer)).toMatchObject({ status: "REQUESTED", userId: null, invitedById: owner.id });
    for (const address of [member.email, newcomer]) {
      const mails = await mailsTo(address);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ subject: "Olga Owens invited you to “Lisbon Food Week”" });
      expect(mails[0]!.text).toContain("Olga Owens invited you to Lisbon Food Week.");
      expect(mails[0]!.text).toContain(link(event.id));
      expect(mails[0]!.html).toContain(`href="${link(event.id)}`);
    }
    const [toMember] = await mailsTo(member.email);
    const [toNewcomer] = await mailsTo(newcomer);
    expect(toMember!.text).toContain("Hi Mia,");
    expect(toMember!.text).toContain("Open the invitation to see the itinerary and join or decline.");
    expect(toNewcomer!.text).toContain("your name and a code we e-mail you are all it takes");
  });

  it("quotes a long name in the subject cut at 80 characters, never through an emoji", async () => {
    const { host, event } = await experience({ name: `${"a".repeat(79)}🎉 and the rest of a very long name` });
    const address = uniqueEmail();
    expect((await invite(host.token, event.id, [address])).status).toBe(201);
    const [mail] = await mailsTo(address);
    expect(mail!.subject).toBe(`Hana Test invited you to “${"a".repeat(79)}🎉…”`);
    expect(mail!.text).toContain("and the rest of a very long name");
  });

  it("states the experience's dates and escapes its name in the HTML", async () => {
    const { host, event } = await experience({
      name: `<img src=x onerror=alert(1)> & "friends"`,
      startTime: new Date("2030-03-12T00:00:00Z"),
      endTime: new Date("2030-03-15T00:00:00Z"),
    });
    const address = uniqueEmail();
    expect((await invite(host.token, event.id, [address])).status).toBe(201);
    const [mail] = await mailsTo(address);
    expect(mail!.subject).toBe(`Hana Test invited you to “<img src=x onerror=alert(1)> & "friends"”`);
    expect(mail!.text).toContain("3-day itinerary · Mar 12 – Mar 14, 2030");
    expect(mail!.html).not.toContain("<img");
    expect(mail!.html).toContain("&lt;img src=x onerror=alert(1)&gt; &amp; &quot;friends&quot;");
  });

  it("is designed: the app's mark, the experience's cover and dates apart, one button, light and dark schemes, and a plain-text part", async () => {
    const cover = "https://images.unsplash.com/photo-lisbon.jpg";
    const { host, event } = await experience({ image: { source: "UNSPLASH", url: cover, photoId: "p1" } });
    const address = uniqueEmail();
    expect((await invite(host.token, event.id, [address])).status).toBe(201);
    const [mail] = await mailsTo(address);
    expect(mail!.html).toContain('<meta name="color-scheme" content="light dark">');
    expect(mail!.html).toMatch(/>E<\/td><td[^>]*>Experiences<\/td>/);
    expect(mail!.html).toContain(`<img src="${cover}" alt="Lisbon Food Week"`);
    expect(mail!.html).toContain('class="mail-box"');
    expect(mail!.html.match(/display:inline-block/g)).toHaveLength(1);
    expect(mail!.text).toContain(link(event.id));
    expect(mail!.text).not.toContain("<");
  });

  it("words the dates and the first activity's time on the experience's clock, naming the clock", async () => {
    const { host, event } = await experience({
      timeZone: "America/New_York",
      startTime: new Date("2030-01-15T05:00:00Z"),
      endTime: new Date("2030-01-18T05:00:00Z"),
    });
    const day = { id: crypto.randomUUID(), eventId: event.id, dayIndex: 1, date: "2030-01-16", name: "Day 2" };
    await db().insert(programs).values(day);
    await db()
      .insert(activities)
      .values({
        id: crypto.randomUUID(),
        eventId: event.id,
        programId: day.id,
        name: "Breakfast",
        startTime: new Date("2030-01-16T14:00:00Z"),
        endTime: new Date("2030-01-16T15:00:00Z"),
      });
    const address = uniqueEmail();
    expect((await invite(host.token, event.id, [address])).status).toBe(201);
    const [mail] = await mailsTo(address);
    expect(mail!.text).toContain("3-day itinerary · Jan 15 – Jan 17, 2030. The first activity starts Wed, Jan 16 at 09:00 AM EST.");
    expect(mail!.html).toContain("The first activity starts Wed, Jan 16 at 09:00 AM EST.");
  });

  it("answers 400 naming the first invalid address, and invites or mails no one", async () => {
    const { owner, event } = await experience();
    const good = uniqueEmail();
    const response = await invite(owner.token, event.id, [good, "not-an-address", "also@bad"]);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe(RSVP_MESSAGES.invalidInvitee("not-an-address"));
    expect(await rsvpsOf(event.id)).toEqual([]);
    expect(await mailsTo(good)).toEqual([]);
  });

  it("invites an address once, however often the request or the guest list already holds it (in any case)", async () => {
    const { owner, host, event } = await experience();
    const [declined, removed] = await Promise.all([makeUser(), makeUser()]);
    await addGuest(event.id, declined, "NO");
    await addGuest(event.id, removed, "HOST_REMOVED");
    const waiting = uniqueEmail("waiting");
    await invite(owner.token, event.id, [waiting]);
    const fresh = uniqueEmail("fresh");

    const response = await invite(host.token, event.id, [
      fresh,
      fresh.toUpperCase(),
      waiting,
      declined.email,
      removed.email,
      owner.email,
      host.email,
    ]);

    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({
      invited: [fresh],
      alreadyInvited: [waiting, declined.email, removed.email, owner.email, host.email],
      unreachable: [],
    });
    expect(await mailsTo(fresh)).toHaveLength(1);
    expect(await mailsTo(waiting)).toHaveLength(1);
    for (const person of [declined, removed, owner, host]) expect(await mailsTo(person.email)).toEqual([]);
    expect((await storedRsvp(event.id, declined.id))?.status).toBe("NO");
    expect((await storedRsvp(event.id, removed.id))?.status).toBe("HOST_REMOVED");
    expect(await rsvpsOf(event.id)).toHaveLength(4);
  });

  it("sends one mail when the same address is invited by several requests at once", async () => {
    const { owner, host, event } = await experience();
    const address = uniqueEmail();
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => invite((i % 2 ? host : owner).token, event.id, [address])));
    const bodies = await Promise.all(answers.map((a) => a.json()));
    expect(answers.every((a) => a.status === 201)).toBe(true);
    expect(bodies.filter((b) => b.invited.includes(address))).toHaveLength(1);
    expect(await rsvpsOf(event.id)).toHaveLength(1);
    expect(await mailsTo(address)).toHaveLength(1);
  });

  it("lets an invitee who signs up with the address find the invitation waiting and join an invitation-only experience", async () => {
    const { owner, event } = await experience({ rsvpType: "INVITE_ONLY", privacy: "PRIVATE" });
    const address = uniqueEmail("invitee");
    await invite(owner.token, event.id, [address.toUpperCase()]);

    const account = await register({ emailId: address });
    const own = await ownRsvp(event.id, account.authToken);
    expect(own.status).toBe(200);
    expect(await own.json()).toEqual({
      rsvp: { id: expect.any(String), status: "REQUESTED", onboardStatus: null, waitlistPosition: null },
    });
    const joined = await respond(event.id, account.authToken, "YES");
    expect(joined.status).toBe(200);
    expect((await joined.json()).status).toBe("YES");
    expect((await storedRsvp(event.id, account.guid))?.status).toBe("YES");
  });

  it.each([
    ["a guest", "PUBLIC", 403],
    ["a stranger", "PUBLIC", 403],
    ["a guest", "PRIVATE", 403],
    ["a stranger", "PRIVATE", 404],
  ] as const)("answers %s of a %s experience %i and invites no one", async (who, privacy, status) => {
    const { event } = await experience({ privacy });
    const caller = await makeUser();
    if (who === "a guest") await addGuest(event.id, caller, "YES");
    const address = uniqueEmail();
    const response = await invite(caller.token, event.id, [address]);
    expect(response.status).toBe(status);
    expect(await rsvpTo(event.id, address)).toBeNull();
    expect(await mailsTo(address)).toEqual([]);
  });

  it("answers 404 'Event not found' for an experience that does not exist", async () => {
    const user = await makeUser();
    const response = await invite(user.token, crypto.randomUUID(), [uniqueEmail()]);
    expect(response.status).toBe(404);
    expect(await errorOf(response)).toBe("Event not found");
  });

  it("tells the experience's open pages once that its RSVPs changed, and not when no one was invited", async () => {
    const { owner, event } = await experience();
    const [a, b] = [uniqueEmail(), uniqueEmail()];
    const first = await messagesDuring(event.id, owner.token, () => invite(owner.token, event.id, [a, b]));
    expect(first.filter((m) => m.type === "rsvp.changed")).toEqual([{ type: "rsvp.changed", eventId: event.id }]);
    const again = await messagesDuring(event.id, owner.token, () => invite(owner.token, event.id, [a, b]));
    expect(again.filter((m) => m.type === "rsvp.changed")).toEqual([]);
  });
});

describe("inviteMany (the spreadsheet import's invitations)", () => {
  it("shows the invitee's spreadsheet name and tags in the attendee list, the account's name once they have one", async () => {
    const { owner, event } = await experience();
    const member = await makeUser({ firstName: "Mia", lastName: "Moreau" });
    await db()
      .insert(userTags)
      .values([
        { userId: member.id, tag: "chef", position: 0 },
        { userId: member.id, tag: "speaker", position: 1 },
      ]);
    const newcomer = uniqueEmail();
    await inviteMany(env, db(), owner.id, event.id, [
      { email: newcomer, firstName: "Nora", lastName: "Nunes", tags: ["vip", "day 1"] },
      { email: member.email, firstName: "Spreadsheet", lastName: "Name", tags: ["speaker", "vip"] },
    ]);

    const list = await (await attendees(event.id, owner.token)).json();
    const of = (email: string) => list.find((a) => a.user.emailId === email)!.user;
    expect(of(newcomer)).toMatchObject({ guid: null, firstName: "Nora", lastName: "Nunes", tags: ["vip", "day 1"] });
    expect(of(member.email)).toMatchObject({ guid: member.id, firstName: "Mia", lastName: "Moreau", tags: ["speaker", "vip", "chef"] });
    const [mail] = await mailsTo(newcomer);
    expect(mail!.text).toContain("Hi Nora,");
  });

  it("keeps the organisers' labels from the guests: a guest sees only a person's own profile tags", async () => {
    const { owner, event } = await experience();
    const [member, guest] = await Promise.all([makeUser({ firstName: "Mia" }), makeUser()]);
    await db().insert(userTags).values({ userId: member.id, tag: "chef", position: 0 });
    await inviteMany(env, db(), owner.id, event.id, [{ email: member.email, tags: ["vip"] }]);
    await respond(event.id, member.token, "YES");
    await addGuest(event.id, guest);

    const list = await (await attendees(event.id, guest.token)).json();
    expect(list.find((a) => a.user.guid === member.id)!.user.tags).toEqual(["chef"]);
  });

  it("invites 10,000 people in one call, one RSVP and one mail each", async () => {
    const { owner, event } = await experience();
    const invitees = Array.from({ length: 10_000 }, (_, i) => ({ email: `bulk-${i}-${event.id.slice(0, 8)}@example.com` }));
    const result = await inviteMany({ ...env, INVITATIONS_PER_DAY: "10000" }, db(), owner.id, event.id, invitees);
    expect(result.invited).toHaveLength(10_000);
    expect(result.alreadyInvited).toEqual([]);
    const [stored] = await env.DB.prepare("select count(*) as n from rsvps where event_id = ? and status = 'REQUESTED'")
      .bind(event.id)
      .all<{ n: number }>()
      .then((r) => r.results);
    expect(stored!.n).toBe(10_000);
    const [mailed] = await env.DB.prepare('select count(*) as n from mail_outbox where "to" like ?')
      .bind(`bulk-%-${event.id.slice(0, 8)}@example.com`)
      .all<{ n: number }>()
      .then((r) => r.results);
    expect(mailed!.n).toBe(10_000);
  }, 60_000);

  it("refuses a guest of the experience with 403 and writes nothing", async () => {
    const { event } = await experience();
    const guest = await makeUser();
    await addGuest(event.id, guest, "YES");
    const address = uniqueEmail();
    await expect(inviteMany(env, db(), guest.id, event.id, [{ email: address }])).rejects.toMatchObject({ status: 403 });
    expect(await rsvpTo(event.id, address)).toBeNull();
  });
});

describe("PUT /api/rsvp with status REQUESTED ('Resend Invite')", () => {
  it("mails the invitation again to each RSVP it moved, and approving mails no one", async () => {
    const { owner, host, event } = await experience();
    const [declined, denied, requester] = await Promise.all([makeUser({ firstName: "Dora" }), makeUser(), makeUser()]);
    await addGuest(event.id, declined, "NO");
    await addGuest(event.id, denied, "HOST_APPROVAL_DENIED");
    await addGuest(event.id, requester, "HOST_APPROVAL_REQUESTED");
    const ids = await Promise.all([declined, denied].map(async (p) => (await storedRsvp(event.id, p.id))!.id));

    expect((await hostAction(host.token, event.id, "REQUESTED", ids)).status).toBe(200);
    expect((await hostAction(owner.token, event.id, "YES", [(await storedRsvp(event.id, requester.id))!.id])).status).toBe(200);

    for (const person of [declined, denied]) {
      const mails = await mailsTo(person.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe("Hana Test invited you to “Lisbon Food Week”");
      expect(mails[0]!.text).toContain("Hana Test invited you");
      expect(mails[0]!.text).toContain(link(event.id));
    }
    expect((await mailsTo(declined.email))[0]!.text).toContain("Hi Dora,");
    expect(await mailsTo(requester.email)).toEqual([]);
  });

  it("mails no one when the resend is refused", async () => {
    const { owner, event } = await experience();
    const [declined, attending] = await Promise.all([makeUser(), makeUser()]);
    await addGuest(event.id, declined, "NO");
    await addGuest(event.id, attending, "YES");
    const ids = await Promise.all([declined, attending].map(async (p) => (await storedRsvp(event.id, p.id))!.id));
    expect((await hostAction(owner.token, event.id, "REQUESTED", ids)).status).toBe(400);
    const [count] = await db().select({ to: mailOutbox.to }).from(mailOutbox).where(eq(mailOutbox.to, declined.email));
    expect(count).toBeUndefined();
  });
});

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
