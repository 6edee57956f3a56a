import { fireEvent, screen } from "@testing-library/react";
import { CompactSign, exportJWK, generateKeyPair, type CryptoKey } from "jose";
import { http, HttpResponse, type PathParams } from "msw";
import type { z } from "zod";
import { server } from "@web/test/server";
import type { CheckinSheet, scansBodySchema } from "@worker/features/checkin/checkin.schema";
import type { LiveTicket } from "@worker/features/live/live.schema";
import type { Checkin, ScanResult } from "@worker/shared/checkin-view.schema";
import { passPayload, PASS_ALGORITHM } from "@worker/shared/pass-token";

// The Check-in tests share one experience's pass key (made here with jose, as the Worker makes its own), one sheet
// and a fake API (MSW, typed with the server's own schemas).

const SHEET = "/api/events/ev1/checkin/list";
const SCANS = "/api/events/ev1/checkins";
const KID = "k1";

type ScansBody = z.input<typeof scansBodySchema>;

const { privateKey, publicKey } = await generateKeyPair(PASS_ALGORITHM, { extractable: true });
const forger = await generateKeyPair(PASS_ALGORITHM, { extractable: true });
const publicJwk = { ...(await exportJWK(publicKey)), kid: KID, alg: PASS_ALGORITHM };

/** A pass as the Worker signs it (or, with another key under the same kid, as a forger would). */
async function sign(rsvpId: string, serial: string, key: CryptoKey, eventId = "ev1") {
  // A Uint8Array of this realm: jsdom's TextEncoder makes its own, which jose does not take for one.
  const payload = Uint8Array.from(
    new TextEncoder().encode(JSON.stringify(passPayload({ eventId, rsvpId, serial, issuedAt: 1_800_000_000 }))),
  );
  return new CompactSign(payload).setProtectedHeader({ alg: PASS_ALGORITHM, kid: KID }).sign(key);
}
export const passOf = (rsvpId: string, serial: string) => sign(rsvpId, serial, privateKey);
export const forgedPassOf = (rsvpId: string, serial: string) => sign(rsvpId, serial, forger.privateKey);

/** Bea (pass s-bea) and Carl (pass s-carl) attend "ev1"; nobody is in yet. */
export const aSheet = (overrides: Partial<CheckinSheet> = {}): CheckinSheet => ({
  eventId: "ev1",
  timeZone: "Europe/Lisbon",
  publicJwk,
  lists: [
    {
      id: "ev1",
      name: "Whole experience",
      isDefault: true,
      dayId: null,
      activityId: null,
      opensAt: null,
      closesAt: null,
      reentry: false,
      checkedIn: 0,
    },
  ],
  attendees: [
    { rsvpId: "r-bea", userId: "u-bea", name: "Bea Costa", email: "bea@example.com", avatar: null, tags: [], serial: "s-bea" },
    { rsvpId: "r-carl", userId: "u-carl", name: "Carl Dias", email: "carl@example.com", avatar: null, tags: [], serial: "s-carl" },
  ],
  checkins: [],
  revocations: [],
  generatedAt: "2027-03-12T09:00:00.000Z",
  ...overrides,
});

/** An admission on the whole-experience list: Dana at Gate 2, 10:42 Lisbon time, unless given. */
export const aCheckin = (overrides: Partial<Checkin> = {}): Checkin => ({
  id: "c1",
  listId: "ev1",
  rsvpId: "r-bea",
  serial: "s-bea",
  nonce: "nonce-gate2-1",
  scannedAt: "2027-03-12T10:42:00.000Z",
  device: "Gate 2",
  byUserId: "u-dana",
  byName: "Dana",
  offline: false,
  doubleAdmission: false,
  undoneAt: null,
  ...overrides,
});

export function sheetIs(sheet: CheckinSheet) {
  server.use(http.get<PathParams, never, CheckinSheet>(SHEET, () => HttpResponse.json(sheet)));
}

/** The server's answer to one scan, as the Worker makes it. */
export const aResult = (nonce: string, overrides: Partial<ScanResult> = {}): ScanResult => ({
  nonce,
  verdict: "CHECKED_IN",
  attendee: { rsvpId: "r-bea", name: "Bea Costa" },
  previous: null,
  doubleAdmission: false,
  reason: null,
  checkin: null,
  ...overrides,
});

/** Records every scans upload and answers each scan with `answer` (or, with "no network", fails as a dead network does). */
export function scansAnswer(answer: ((scan: ScansBody["scans"][number]) => ScanResult) | "no network" | "no answer") {
  const uploads: ScansBody[] = [];
  server.use(
    http.post<PathParams, ScansBody, { results: ScanResult[] }>(SCANS, async ({ request }) => {
      const body = await request.json();
      uploads.push(body);
      if (answer === "no network") return HttpResponse.error();
      if (answer === "no answer") return new Promise<never>(() => {});
      return HttpResponse.json({ results: body.scans.map(answer) });
    }),
  );
  return uploads;
}

/** The live socket's ticket, so the page's socket opens (the test's FakeSocket stands in for the browser's). */
export function liveTickets() {
  server.use(
    http.post<PathParams, never, LiveTicket>("/oapi/events/:eventId/live-ticket", () =>
      HttpResponse.json({ ticket: "t1", expiresAt: new Date(Date.now() + 60_000).toISOString() }),
    ),
  );
}

/** What a keyboard-wedge scanner does: types the pass's text into the focused field, then Enter. */
export function wedgeScan(text: string) {
  const input = screen.getByLabelText("Scanner input");
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: "Enter" });
}

/** Names this device, as a gate does once. */
export const nameGate = (name = "Gate 1") => fireEvent.change(screen.getByLabelText("Scanner name"), { target: { value: name } });
