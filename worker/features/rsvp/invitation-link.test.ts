import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rsvps } from "@worker/db/schema";
import { uniqueEmail } from "@worker/test/accounts";
import { mailsTo } from "@worker/test/auth";
import { apiAs, errorOf } from "@worker/test/client";
import { db, makeEvent, makeUser } from "@worker/test/helpers";
import { invite, remind } from "@worker/test/rsvp";
import { INVITATION_NOT_FOUND } from "./rsvp.schema";

const readInvitation = (token: string) => apiAs().oapi.invitations[":token"].$get({ param: { token } });

/** The invitation token in the newest mail to `email`. */
async function tokenMailedTo(email: string): Promise<string> {
  const [mail] = await mailsTo(email);
  const token = /\?invitation=([\w.-]+)/.exec(mail!.text)?.[1];
  if (!token) throw new Error(`No invitation link mailed to ${email}`);
  return token;
}

async function invited(fields: Parameters<typeof makeEvent>[1] = {}) {
  const owner = await makeUser({ firstName: "Olga" });
  const event = await makeEvent(owner.id, { rsvpType: "INVITE_ONLY", privacy: "PRIVATE", ...fields });
  const email = uniqueEmail("guest");
  expect((await invite(owner.token, event.id, [email])).status).toBe(201);
  return { owner, event, email, token: await tokenMailedTo(email) };
}

describe("GET /oapi/invitations/{token} (what an invitation mail's link names)", () => {
  it("links the mail to the experience's share page, and the token names the invited address, without a sign-in", async () => {
    const { event, email, token } = await invited();
    const [mail] = await mailsTo(email);
    expect(mail!.text).toContain(`${env.APP_ORIGIN}/itinerary/${event.id}?invitation=${token}`);

    const response = await readInvitation(token);

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ eventId: event.id, email, firstName: "", lastName: "", pending: true });
  });

  it("says the invitation no longer waits once it was answered", async () => {
    const { event, email, token } = await invited();
    await db()
      .update(rsvps)
      .set({ status: "NO" })
      .where(and(eq(rsvps.eventId, event.id), eq(rsvps.email, email)));
    expect(await (await readInvitation(token)).json()).toMatchObject({ pending: false });
  });

  it("carries the same link in a reminder", async () => {
    const { owner, event, email, token } = await invited();
    // An hour and more since the invitation: the reminder goes out.
    await db()
      .update(rsvps)
      .set({ createdAt: new Date(Date.now() - 2 * 60 * 60 * 1000) })
      .where(eq(rsvps.eventId, event.id));
    expect((await remind(owner.token, event.id)).status).toBe(200);
    expect(await tokenMailedTo(email)).toBe(token);
  });

  it(`answers 404 '${INVITATION_NOT_FOUND}' to an altered token, a made-up one, and an invitation withdrawn since`, async () => {
    const { event, token } = await invited();
    const [payload, signature] = token.split(".");
    const altered = `${payload!.slice(0, -2)}AA.${signature}`;
    await db().delete(rsvps).where(eq(rsvps.eventId, event.id));
    for (const bad of [altered, "not-a-token", "a.b", token, "x".repeat(2000)]) {
      const response = await readInvitation(bad);
      expect([response.status, await errorOf(response)], bad.slice(0, 20)).toEqual([404, INVITATION_NOT_FOUND]);
    }
  });
});
