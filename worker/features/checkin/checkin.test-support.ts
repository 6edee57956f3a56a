import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { getDb } from "@worker/db/client";
import type { ScanResult } from "@worker/shared/checkin-view.schema";
import { apiAs } from "@worker/test/client";
import { addGuest, addHost, makeEvent, makeUser } from "@worker/test/helpers";
import type { ListBody, Scan } from "./checkin.schema";
import { currentPass } from "./passes";

const checkin = (token: string | undefined) => apiAs(token).api.events[":eventId"];

export const readSheet = (token: string | undefined, eventId: string) => checkin(token).checkin.list.$get({ param: { eventId } });
export const upload = (token: string | undefined, eventId: string, listId: string, scans: Scan[]) =>
  checkin(token).checkins.$post({ param: { eventId }, json: { listId, scans } });
export const undo = (token: string | undefined, eventId: string, checkinId: string) =>
  checkin(token).checkins[":checkinId"].$delete({ param: { eventId, checkinId } });
export const addList = (token: string | undefined, eventId: string, json: ListBody) =>
  checkin(token).checkin.lists.$post({ param: { eventId }, json });
export const changeList = (token: string | undefined, eventId: string, listId: string, json: Partial<ListBody>) =>
  checkin(token).checkin.lists[":listId"].$patch({ param: { eventId, listId }, json });
export const dropList = (token: string | undefined, eventId: string, listId: string) =>
  checkin(token).checkin.lists[":listId"].$delete({ param: { eventId, listId } });
export const reissue = (token: string | undefined, eventId: string, rsvpId: string) =>
  checkin(token).checkin.passes[":rsvpId"].reissue.$post({ param: { eventId, rsvpId } });

/** An experience in Lisbon with its owner Olga, a host Hana, two attending guests (Gus, Ada) and a signed-in stranger. */
export async function checkinCrew(fields: Parameters<typeof makeEvent>[1] = {}) {
  const [owner, host, guest, other, stranger] = await Promise.all(
    ["Olga", "Hana", "Gus", "Ada", "Sam"].map((firstName) => makeUser({ firstName, lastName: "Silva" })),
  );
  const event = await makeEvent(owner!.id, { timeZone: "Europe/Lisbon", privacy: "PRIVATE", ...fields });
  await addHost(event.id, host!.id);
  await addGuest(event.id, host!, "YES");
  const [guestRsvp, otherRsvp] = await Promise.all([addGuest(event.id, guest!, "YES"), addGuest(event.id, other!, "YES")]);
  return { owner: owner!, host: host!, guest: guest!, other: other!, stranger: stranger!, event, guestRsvp, otherRsvp };
}

/** The guest's current pass token, as their QR code holds it. */
export async function tokenOf(eventId: string, rsvpId: string): Promise<string> {
  const pass = await currentPass(getDb(env.DB), env, eventId, rsvpId);
  expect(pass, "the guest has a pass").not.toBeNull();
  return pass!.token;
}

let scans = 0;
/** A scan at a gate, made now unless told otherwise, with a fresh nonce. */
export const scanOf = (token: string, fields: Partial<Scan> = {}): Scan => ({
  token,
  nonce: `nonce-${Date.now()}-${++scans}`,
  scannedAt: new Date().toISOString(),
  device: "Gate 1",
  ...fields,
});

/** Uploads the scans on the list (the whole-experience list unless told) and answers their results. */
export async function scanned(token: string, eventId: string, scanList: Scan[], listId = eventId): Promise<ScanResult[]> {
  const response = await upload(token, eventId, listId, scanList);
  expect(response.status, "the scans are uploaded").toBe(200);
  if (response.status !== 200) return [];
  return (await response.json()).results;
}
