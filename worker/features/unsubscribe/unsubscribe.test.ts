import { exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rsvps } from "@worker/db/schema";
import { UNREACHABLE_REASONS } from "@worker/features/rsvp/rsvp.schema";
import { uniqueEmail } from "@worker/test/accounts";
import { mailsTo } from "@worker/test/auth";
import { apiAs, errorOf } from "@worker/test/client";
import { db, makeEvent, makeUser } from "@worker/test/helpers";
import { invite, remind } from "@worker/test/rsvp";
import { UNSUBSCRIBE_MESSAGES } from "./unsubscribe.schema";

const anonymous = apiAs();

async function organiser(name = "Lisbon Food Week") {
  const owner = await makeUser({ firstName: "Olga", lastName: "Owens" });
  const event = await makeEvent(owner.id, { name });
  return { owner, event };
}

/** Invites a new address; answers it and the invitation mail it received. */
async function invited(owner: { token: string }, eventId: string) {
  const address = uniqueEmail("invitee");
  await invite(owner.token, eventId, [address]);
  const [mail] = await mailsTo(address);
  return { address, mail: mail! };
}

/** The one-click URL of a mail's List-Unsubscribe header. */
const oneClickUrl = (mail: { headers: Record<string, string> | null }) => /^<(.+)>$/.exec(mail.headers!["List-Unsubscribe"]!)![1]!;
const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;
/** The page the mail's body links to. */
const pageUrl = (mail: { text: string }) => /(\S+\/unsubscribe\?token=\S+)/.exec(mail.text)![1]!;

/** What a mail client sends for a one-click unsubscribe (RFC 8058): a POST without cookies, form-encoded. */
const oneClick = (url: string) =>
  exports.default.fetch(
    new Request(url.replace(/^https?:\/\/[^/]+/, "http://localhost"), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    }),
  );
const status = (token: string) => anonymous.oapi.unsubscribe.$get({ query: { token } });
const choose = (token: string, json: { experience: boolean; everyone: boolean }) =>
  anonymous.oapi.unsubscribe.$put({ query: { token }, json });

const twoHoursAgo = (eventId: string) =>
  db()
    .update(rsvps)
    .set({ createdAt: new Date(Date.now() - 2 * 60 * 60 * 1000) })
    .where(eq(rsvps.eventId, eventId));

describe("the way out every invitation carries", () => {
  it("has List-Unsubscribe with a one-click URL, List-Unsubscribe-Post (RFC 8058), and an unsubscribe link in the body", async () => {
    const { owner, event } = await organiser();
    const { mail } = await invited(owner, event.id);
    expect(mail.headers).toEqual({
      "List-Unsubscribe": expect.stringMatching(/^<http:\/\/localhost:8787\/oapi\/unsubscribe\/one-click\?token=[\w.%-]+>$/),
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(mail.text).toContain("Unsubscribe from these invitations: http://localhost:8787/unsubscribe?token=");
    expect(mail.html).toContain(">Unsubscribe from these invitations</a>");
    expect(tokenOf(pageUrl(mail))).toBe(tokenOf(oneClickUrl(mail)));
  });

  it("reads a one-click sent as multipart too, and answers 415 naming application/x-www-form-urlencoded to JSON", async () => {
    const { owner, event } = await organiser();
    const { mail } = await invited(owner, event.id);
    const url = oneClickUrl(mail).replace(/^https?:\/\/[^/]+/, "http://localhost");
    const json = await exports.default.fetch(
      new Request(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: '{"List-Unsubscribe":"One-Click"}' }),
    );
    expect(json.status).toBe(415);
    expect(await json.json()).toEqual({ error: "Send the body as application/x-www-form-urlencoded" });
    const multipart = new FormData();
    multipart.set("List-Unsubscribe", "One-Click");
    expect((await exports.default.fetch(new Request(url, { method: "POST", body: multipart }))).status).toBe(200);
  });

  it("one click stops that experience's reminders, and the inviter is told the address is not reachable", async () => {
    const { owner, event } = await organiser();
    const { address, mail } = await invited(owner, event.id);

    const response = await oneClick(oneClickUrl(mail));
    expect(response.status).toBe(200);

    await twoHoursAgo(event.id);
    expect(await (await remind(owner.token, event.id)).json()).toEqual({
      reminded: 0,
      unreachable: [{ email: address, reason: UNREACHABLE_REASONS.unsubscribedHere }],
    });
    expect(await mailsTo(address)).toHaveLength(1);

    // Another experience's invitation still reaches the address.
    const other = await organiser("Porto Wine Weekend");
    expect(await (await invite(other.owner.token, other.event.id, [address])).json()).toMatchObject({ unreachable: [] });
    expect(await mailsTo(address)).toHaveLength(2);
  });

  it("the page's choice of everyone stops invitations from anyone, reported to each inviter, until the address takes them back", async () => {
    const { owner, event } = await organiser();
    const { address, mail } = await invited(owner, event.id);
    const token = tokenOf(pageUrl(mail));

    expect(await (await status(token)).json()).toEqual({
      email: address,
      experienceName: "Lisbon Food Week",
      experience: false,
      everyone: false,
    });
    const chosen = await choose(token, { experience: true, everyone: true });
    expect(await chosen.json()).toEqual({ email: address, experienceName: "Lisbon Food Week", experience: true, everyone: true });

    const other = await organiser("Porto Wine Weekend");
    expect(await (await invite(other.owner.token, other.event.id, [address])).json()).toEqual({
      invited: [address],
      alreadyInvited: [],
      unreachable: [{ email: address, reason: UNREACHABLE_REASONS.unsubscribedAll }],
    });
    expect(await mailsTo(address)).toHaveLength(1);

    await choose(token, { experience: false, everyone: false });
    const third = await organiser("Madeira Hike");
    expect(await (await invite(third.owner.token, third.event.id, [address])).json()).toMatchObject({ unreachable: [] });
    expect(await mailsTo(address)).toHaveLength(2);
  });

  it("answers 400 'This unsubscribe link is not valid' for a token it did not sign, or one altered, and stops nothing", async () => {
    const { owner, event } = await organiser();
    const { address, mail } = await invited(owner, event.id);
    const token = tokenOf(pageUrl(mail));
    const [payload, signature] = token.split(".");
    const forged = `${btoa(`someone-else@example.com\n${event.id}`).replace(/=+$/, "")}.${signature}`;

    for (const bad of [forged, `${payload}.${signature!.slice(1)}x`, "nonsense", `${token}.extra`]) {
      const response = await status(bad);
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe(UNSUBSCRIBE_MESSAGES.badLink);
      expect((await choose(bad, { experience: true, everyone: true })).status).toBe(400);
    }
    expect(await (await status(token)).json()).toMatchObject({ email: address, experience: false, everyone: false });
  });

  it("answers 400 to a one-click POST without List-Unsubscribe=One-Click", async () => {
    const { owner, event } = await organiser();
    const { mail } = await invited(owner, event.id);
    const response = await anonymous.oapi.unsubscribe["one-click"].$post({
      query: { token: tokenOf(oneClickUrl(mail)) },
      form: { "List-Unsubscribe": "Maybe" as "One-Click" },
    });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe("List-Unsubscribe must be One-Click");
  });

  it("still works once the experience is deleted, naming no experience", async () => {
    const { owner, event } = await organiser();
    const { address, mail } = await invited(owner, event.id);
    expect((await apiAs(owner.token).api.events[":id"].$delete({ param: { id: event.id } })).status).toBe(200);
    expect(await (await status(tokenOf(pageUrl(mail)))).json()).toEqual({
      email: address,
      experienceName: null,
      experience: false,
      everyone: false,
    });
  });
});
