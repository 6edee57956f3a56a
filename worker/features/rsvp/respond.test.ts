import { describe, expect, it } from "vitest";
import { rsvps, type RsvpStatus } from "@worker/db/schema";
import { errorOf } from "@worker/test/client";
import { addGuest, addHost, db, makeEvent, makeUser } from "@worker/test/helpers";
import { messagesDuring } from "@worker/test/live";
import { RSVP_MESSAGES } from "./rsvp.schema";
import { ownRsvp, respond, storedRsvp } from "@worker/test/rsvp";

type RsvpType = "OPEN" | "OPEN_INVITE" | "INVITE_ONLY";
type Result = RsvpStatus | { refused: 403; error: string };
const inviteOnly = { refused: 403, error: RSVP_MESSAGES.inviteOnly } as const;
const hostDeclined = { refused: 403, error: RSVP_MESSAGES.hostDeclined } as const;

// rsvpType × the caller's current status (null: none) × answer → the stored status, or the refusal.
const TABLE: [RsvpType, RsvpStatus | null, "YES" | "NO", Result][] = [
  ["OPEN", null, "YES", "YES"],
  ["OPEN", null, "NO", "NO"],
  ["OPEN_INVITE", null, "YES", "HOST_APPROVAL_REQUESTED"],
  ["OPEN_INVITE", null, "NO", "NO"],
  ["INVITE_ONLY", null, "YES", inviteOnly],
  ["INVITE_ONLY", null, "NO", inviteOnly],
  ...(["OPEN", "OPEN_INVITE", "INVITE_ONLY"] as const).flatMap((type): [RsvpType, RsvpStatus | null, "YES" | "NO", Result][] => [
    [type, "REQUESTED", "YES", "YES"],
    [type, "REQUESTED", "NO", "NO"],
    [type, "ONBOARD_REQUESTED", "YES", "YES"],
    [type, "ONBOARD_REQUESTED", "NO", "NO"],
    [type, "YES", "YES", "YES"],
    [type, "YES", "NO", "NO"],
    [type, "MAYBE", "YES", "YES"],
    [type, "HOST_APPROVAL_REQUESTED", "YES", "HOST_APPROVAL_REQUESTED"],
    [type, "HOST_APPROVAL_REQUESTED", "NO", "NO"],
    [type, "HOST_REMOVED", "YES", hostDeclined],
    [type, "HOST_REMOVED", "NO", hostDeclined],
    [type, "HOST_APPROVAL_DENIED", "YES", hostDeclined],
    [type, "HOST_APPROVAL_DENIED", "NO", hostDeclined],
  ]),
  ["OPEN", "NO", "YES", "YES"],
  ["OPEN_INVITE", "NO", "YES", "HOST_APPROVAL_REQUESTED"],
  ["INVITE_ONLY", "NO", "YES", inviteOnly],
  ["INVITE_ONLY", "NO", "NO", "NO"],
  ["OPEN", "EXPIRED", "YES", "YES"],
  ["OPEN_INVITE", "EXPIRED", "YES", "HOST_APPROVAL_REQUESTED"],
  ["INVITE_ONLY", "EXPIRED", "YES", inviteOnly],
];

describe("PUT /api/rsvp/respond/:eventId", () => {
  it.each(TABLE)("on a %s experience, from %s, answering %s leads to %o", async (rsvpType, from, answer, result) => {
    const owner = await makeUser();
    const person = await makeUser();
    const event = await makeEvent(owner.id, { rsvpType, privacy: "PUBLIC" });
    if (from) await addGuest(event.id, person, from);
    const response = await respond(event.id, person.token, answer);
    if (typeof result === "string") {
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ id: expect.any(String), status: result, onboardStatus: null, waitlistPosition: null });
      expect((await storedRsvp(event.id, person.id))?.status).toBe(result);
    } else {
      expect(response.status).toBe(result.refused);
      expect(await errorOf(response)).toBe(result.error);
      expect((await storedRsvp(event.id, person.id))?.status ?? null).toBe(from);
    }
  });

  it.each(["owner", "host"] as const)("answers 400 '%s: Owners and hosts do not RSVP to their own experience'", async (role) => {
    const owner = await makeUser();
    const host = await makeUser();
    const event = await makeEvent(owner.id, { rsvpType: "OPEN" });
    await addHost(event.id, host.id);
    const response = await respond(event.id, (role === "owner" ? owner : host).token, "YES");
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe(RSVP_MESSAGES.organiserResponds);
    expect(await storedRsvp(event.id, (role === "owner" ? owner : host).id)).toBeNull();
  });

  it("lets a stranger who has the link ask to join a private OPEN_INVITE experience", async () => {
    const owner = await makeUser();
    const stranger = await makeUser();
    const event = await makeEvent(owner.id, { rsvpType: "OPEN_INVITE", privacy: "PRIVATE" });
    const response = await respond(event.id, stranger.token, "YES");
    expect(response.status).toBe(200);
    expect((await storedRsvp(event.id, stranger.id))?.status).toBe("HOST_APPROVAL_REQUESTED");
  });

  it("answers 404 'Event not found' for an experience that does not exist", async () => {
    const person = await makeUser();
    const response = await respond(crypto.randomUUID(), person.token, "YES");
    expect(response.status).toBe(404);
    expect(await errorOf(response)).toBe("Event not found");
  });

  it("takes up an invitation sent to the caller's address before the account was attached to it", async () => {
    const owner = await makeUser();
    const person = await makeUser();
    const event = await makeEvent(owner.id, { rsvpType: "INVITE_ONLY" });
    await db().insert(rsvps).values({ id: crypto.randomUUID(), eventId: event.id, userId: null, email: person.email, status: "REQUESTED" });
    expect(await (await ownRsvp(event.id, person.token)).json()).toEqual({
      rsvp: { id: expect.any(String), status: "REQUESTED", onboardStatus: null, waitlistPosition: null },
    });
    expect((await respond(event.id, person.token, "YES")).status).toBe(200);
    expect((await storedRsvp(event.id, person.id))?.status).toBe("YES");
  });

  it("refuses a body whose status is not YES or NO with 400", async () => {
    const owner = await makeUser();
    const person = await makeUser();
    const event = await makeEvent(owner.id, { rsvpType: "OPEN" });
    const response = await respond(event.id, person.token, "MAYBE" as "YES");
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe("Status must be YES or NO");
  });

  it("tells the experience's open pages that the RSVPs changed, and not when nothing changed", async () => {
    const owner = await makeUser();
    const person = await makeUser();
    const event = await makeEvent(owner.id, { rsvpType: "OPEN" });
    const joined = await messagesDuring(event.id, owner.token, () => respond(event.id, person.token, "YES"));
    expect(joined).toContainEqual({ type: "rsvp.changed", eventId: event.id });
    const again = await messagesDuring(event.id, owner.token, () => respond(event.id, person.token, "YES"));
    expect(again).not.toContainEqual({ type: "rsvp.changed", eventId: event.id });
  });
});

describe("GET /api/rsvp/event/self/:eventId", () => {
  it("answers the caller's own RSVP, or null when there is none", async () => {
    const owner = await makeUser();
    const person = await makeUser();
    const event = await makeEvent(owner.id, { rsvpType: "OPEN_INVITE", privacy: "PRIVATE" });
    const before = await ownRsvp(event.id, person.token);
    expect(before.status).toBe(200);
    expect(await before.json()).toEqual({ rsvp: null });
    await respond(event.id, person.token, "YES");
    expect(await (await ownRsvp(event.id, person.token)).json()).toEqual({
      rsvp: { id: expect.any(String), status: "HOST_APPROVAL_REQUESTED", onboardStatus: null, waitlistPosition: null },
    });
  });

  it("answers 404 'Event not found' for an experience that does not exist", async () => {
    const person = await makeUser();
    const response = await ownRsvp(crypto.randomUUID(), person.token);
    expect(response.status).toBe(404);
    expect(await errorOf(response)).toBe("Event not found");
  });
});
