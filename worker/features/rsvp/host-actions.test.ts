import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rsvps, type RsvpStatus } from "@worker/db/schema";
import { errorOf } from "@worker/test/client";
import { addGuest, addHost, db, makeEvent, makeUser } from "@worker/test/helpers";
import { messagesDuring } from "@worker/test/live";
import { RSVP_STATUS_VALUES, RSVP_MESSAGES } from "./rsvp.schema";
import { hostAction, storedRsvp } from "@worker/test/rsvp";

type Action = "YES" | "NO" | "REQUESTED";

/** What each host action does from every status: the new status, or the 400 refusal. */
const EXPECTED: Record<Action, Partial<Record<RsvpStatus, RsvpStatus>>> = {
  YES: { HOST_APPROVAL_REQUESTED: "YES" },
  NO: { HOST_APPROVAL_REQUESTED: "HOST_APPROVAL_DENIED" },
  REQUESTED: { NO: "REQUESTED", HOST_REMOVED: "REQUESTED", HOST_APPROVAL_DENIED: "REQUESTED" },
};
const REFUSAL: Record<Action, string> = {
  YES: RSVP_MESSAGES.onlyRequests,
  NO: RSVP_MESSAGES.onlyRequests,
  REQUESTED: RSVP_MESSAGES.onlyDeclined,
};

const TABLE = (["YES", "NO", "REQUESTED"] as const).flatMap((action) =>
  (["owner", "host"] as const).flatMap((role) =>
    RSVP_STATUS_VALUES.map((from) => [action, role, from, EXPECTED[action][from] ?? "refused"] as const),
  ),
);

async function experience() {
  const [owner, host, guest] = await Promise.all([makeUser(), makeUser(), makeUser()]);
  const event = await makeEvent(owner.id, { rsvpType: "OPEN_INVITE" });
  await addHost(event.id, host.id);
  return { owner, host, event, guest };
}

async function rsvpOf(eventId: string, status: RsvpStatus) {
  const person = await makeUser();
  await addGuest(eventId, person, status);
  return (await storedRsvp(eventId, person.id))!;
}

describe("PUT /api/rsvp (host bulk actions)", () => {
  it.each(TABLE)("%s by the %s on an RSVP in %s → %s", async (action, role, from, result) => {
    const { owner, host, event } = await experience();
    const target = await rsvpOf(event.id, from);
    const response = await hostAction((role === "owner" ? owner : host).token, event.id, action, [target.id]);
    if (result === "refused") {
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe(REFUSAL[action]);
      expect((await storedRsvp(event.id, target.userId!))?.status).toBe(from);
    } else {
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual([{ id: target.id, status: result }]);
      expect((await storedRsvp(event.id, target.userId!))?.status).toBe(result);
    }
  });

  it.each(["guest", "stranger"] as const)("answers 403 to a %s of a public experience, and changes nothing", async (role) => {
    const { event, guest } = await experience();
    await addGuest(event.id, guest);
    const stranger = await makeUser();
    const request = await rsvpOf(event.id, "HOST_APPROVAL_REQUESTED");
    const response = await hostAction((role === "guest" ? guest : stranger).token, event.id, "YES", [request.id]);
    expect(response.status).toBe(403);
    expect((await storedRsvp(event.id, request.userId!))?.status).toBe("HOST_APPROVAL_REQUESTED");
  });

  it("answers 404 'Event not found' to a stranger of a private experience", async () => {
    const owner = await makeUser();
    const stranger = await makeUser();
    const event = await makeEvent(owner.id, { privacy: "PRIVATE" });
    const request = await rsvpOf(event.id, "HOST_APPROVAL_REQUESTED");
    const response = await hostAction(stranger.token, event.id, "YES", [request.id]);
    expect(response.status).toBe(404);
    expect(await errorOf(response)).toBe("Event not found");
  });

  it("refuses the whole request with 400 when one RSVP is in a status the action does not apply to, changing none", async () => {
    const { owner, event } = await experience();
    const requests = await Promise.all([rsvpOf(event.id, "HOST_APPROVAL_REQUESTED"), rsvpOf(event.id, "HOST_APPROVAL_REQUESTED")]);
    const attending = await rsvpOf(event.id, "YES");
    const response = await hostAction(owner.token, event.id, "NO", [...requests.map((r) => r.id), attending.id]);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe(RSVP_MESSAGES.onlyRequests);
    const rows = await db().select({ status: rsvps.status }).from(rsvps).where(eq(rsvps.eventId, event.id));
    expect(rows.map((r) => r.status).sort()).toEqual(["HOST_APPROVAL_REQUESTED", "HOST_APPROVAL_REQUESTED", "YES"]);
  });

  it("refuses with 400 an RSVP of another experience, changing none", async () => {
    const { owner, event } = await experience();
    const other = await makeEvent(owner.id);
    const mine = await rsvpOf(event.id, "HOST_APPROVAL_REQUESTED");
    const theirs = await rsvpOf(other.id, "HOST_APPROVAL_REQUESTED");
    const response = await hostAction(owner.token, event.id, "YES", [mine.id, theirs.id]);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe(RSVP_MESSAGES.notInEvent);
    const rows = await db()
      .select({ status: rsvps.status })
      .from(rsvps)
      .where(inArray(rsvps.id, [mine.id, theirs.id]));
    expect(rows.map((r) => r.status)).toEqual(["HOST_APPROVAL_REQUESTED", "HOST_APPROVAL_REQUESTED"]);
  });

  it("refuses with 400 a host's action on their own RSVP", async () => {
    const { host, event } = await experience();
    await addGuest(event.id, host, "NO");
    const own = (await storedRsvp(event.id, host.id))!;
    const response = await hostAction(host.token, event.id, "REQUESTED", [own.id]);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe(RSVP_MESSAGES.ownRsvp);
  });

  it("refuses an empty selection with 400 'Select at least one RSVP'", async () => {
    const { owner, event } = await experience();
    const response = await hostAction(owner.token, event.id, "YES", []);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe(RSVP_MESSAGES.noRsvps);
  });

  it("approves 150 requests at once (more than one D1 statement's worth of ids), the same id twice counting once", async () => {
    const { owner, event } = await experience();
    const ids = Array.from({ length: 150 }, () => crypto.randomUUID());
    const people = await Promise.all(ids.map(() => makeUser()));
    await db().batch(
      people.map((p, i) =>
        db().insert(rsvps).values({ id: ids[i]!, eventId: event.id, userId: p.id, email: p.email, status: "HOST_APPROVAL_REQUESTED" }),
      ) as [never],
    );
    const response = await hostAction(owner.token, event.id, "YES", [...ids, ids[0]!]);
    expect(response.status).toBe(200);
    expect(await response.json()).toHaveLength(150);
    const rows = await db().select({ status: rsvps.status }).from(rsvps).where(eq(rsvps.eventId, event.id));
    expect(rows.every((r) => r.status === "YES")).toBe(true);
  });

  it("tells the experience's open pages that the RSVPs changed", async () => {
    const { owner, event } = await experience();
    const request = await rsvpOf(event.id, "HOST_APPROVAL_REQUESTED");
    const messages = await messagesDuring(event.id, owner.token, () => hostAction(owner.token, event.id, "YES", [request.id]));
    expect(messages).toContainEqual({ type: "rsvp.changed", eventId: event.id });
  });
});
