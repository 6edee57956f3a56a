import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rsvps } from "@worker/db/schema";
import { uniqueEmail } from "@worker/test/accounts";
import { mailsTo } from "@worker/test/auth";
import { apiAs, errorOf } from "@worker/test/client";
import { addGuest, addHost, db, makeEvent, makeUser } from "@worker/test/helpers";
import { messagesDuring } from "@worker/test/live";
import { invite, respond } from "@worker/test/rsvp";
import { NOT_PENDING } from "./rsvp.schema";

const resend = (token: string, eventId: string, rsvpId: string) =>
  apiAs(token).api.events[":eventId"].invitations[":rsvpId"].resend.$post({ param: { eventId, rsvpId } });
const withdraw = (token: string, eventId: string, rsvpId: string) =>
  apiAs(token).api.events[":eventId"].invitations[":rsvpId"].$delete({ param: { eventId, rsvpId } });
const rsvpOf = async (eventId: string, email: string) =>
  (
    await db()
      .select()
      .from(rsvps)
      .where(and(eq(rsvps.eventId, eventId), eq(rsvps.email, email)))
  )[0];

async function pending() {
  const [owner, host] = await Promise.all([makeUser({ firstName: "Olga" }), makeUser({ firstName: "Hana" })]);
  const event = await makeEvent(owner.id, { name: "Porto Offsite", rsvpType: "INVITE_ONLY" });
  await addHost(event.id, host.id);
  const email = uniqueEmail("invitee");
  expect((await invite(owner.token, event.id, [email])).status).toBe(201);
  const rsvp = (await rsvpOf(event.id, email))!;
  return { owner, host, event, email, rsvpId: rsvp.id };
}

describe("one pending invitation, from its row's menu", () => {
  it("resends the invitation mail to the address, and says it went out", async () => {
    const { host, event, email, rsvpId } = await pending();
    const response = await resend(host.token, event.id, rsvpId);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ mailed: true, unreachable: [] });
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.subject).toBe("Hana Test invited you to “Porto Offsite”");
  });

  it("withdraws the invitation: the RSVP goes, the room hears of it, and the address can be invited again", async () => {
    const { owner, event, email, rsvpId } = await pending();
    const messages = await messagesDuring(event.id, owner.token, async () => {
      expect((await withdraw(owner.token, event.id, rsvpId)).status).toBe(200);
    });
    expect(messages.map((m) => m.type)).toContain("rsvp.changed");
    expect(await rsvpOf(event.id, email)).toBeUndefined();
    expect(await (await invite(owner.token, event.id, [email])).json()).toMatchObject({ invited: [email] });
  });

  it(`answers 404 '${NOT_PENDING}' once the invitation was answered, and keeps the answer`, async () => {
    const { owner, event, rsvpId } = await pending();
    const guest = await makeUser();
    const answered = await addGuest(event.id, guest, "YES");
    for (const response of [await resend(owner.token, event.id, answered), await withdraw(owner.token, event.id, answered)]) {
      expect([response.status, await errorOf(response)]).toEqual([404, NOT_PENDING]);
    }
    expect((await db().select().from(rsvps).where(eq(rsvps.id, answered)))[0]?.status).toBe("YES");
    expect((await withdraw(owner.token, event.id, rsvpId)).status).toBe(200);
    const again = await withdraw(owner.token, event.id, rsvpId);
    expect([again.status, await errorOf(again)]).toEqual([404, NOT_PENDING]);
  });

  it("answers a guest 403 and changes nothing", async () => {
    const { event, email, rsvpId } = await pending();
    const guest = await makeUser();
    await addGuest(event.id, guest, "YES");
    for (const response of [await resend(guest.token, event.id, rsvpId), await withdraw(guest.token, event.id, rsvpId)]) {
      expect(response.status).toBe(403);
    }
    expect(await rsvpOf(event.id, email)).toBeDefined();
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it("of a withdraw and the guest's Join landing at once, exactly one wins", async () => {
    const { owner, event } = await pending();
    const member = await makeUser();
    expect((await invite(owner.token, event.id, [member.email])).status).toBe(201);
    const { id } = (await rsvpOf(event.id, member.email))!;
    const [withdrawn, joined] = await Promise.all([withdraw(owner.token, event.id, id), respond(event.id, member.token, "YES")]);
    const row = await rsvpOf(event.id, member.email);
    if (withdrawn.status === 200) expect(row).toBeUndefined();
    else expect([withdrawn.status, joined.status, row?.status]).toEqual([404, 200, "YES"]);
  });
});
