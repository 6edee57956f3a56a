// The check-in measures (issue 23), each next to a baseline from the same run: a scan's verdict online (one scan's
// POST through the experience's Durable Object) next to a plain authenticated read of the same experience; the time for
// a scan to reach another scanner's socket next to a bare broadcast (an experience's rename reaching the same socket);
// and an offline verdict (the scanner's own check: the ES256 signature with the same code the browser runs, then the
// sheet's lookups) next to a bare lookup. Figures, not assertions. The guests are imported, made attending in the local
// D1 file (as bench/notifications.mjs does: sign-ups through the API would hit the OTP limits and measure sign-up), and
// get their passes as guests do, by the organiser's 'E-mail passes': the tokens are read from the mails' links.
import { writeSheet } from "../worker/lib/xlsx/write-sheet.ts";
import { readPass } from "../worker/shared/pass-token.ts";
import { guestRows } from "../worker/test/guest-rows.ts";
import { createExperience } from "./experience.mjs";
import { upload } from "./guests.mjs";
import { openD1 } from "./notifications.mjs";

const GUESTS = 40;
const DAY = 86_400_000;

const quantile = (samples, q) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const summary = (samples) => ({ p50: quantile(samples, 0.5), p95: quantile(samples, 0.95) });

export function api(url, auth) {
  return async (path, init = {}) => {
    const response = await fetch(url + path, {
      ...init,
      headers: { ...auth, ...(init.body && typeof init.body === "string" ? { "Content-Type": "application/json" } : {}), ...init.headers },
    });
    if (!response.ok) throw new Error(`${init.method ?? "GET"} ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
}

/** An organiser's live socket on the experience, opened with a ticket as the page opens its own. */
async function organiserSocket(url, auth, eventId) {
  const { ticket } = await api(url, auth)(`/oapi/events/${eventId}/live-ticket`, { method: "POST" });
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url.replace("http", "ws")}/api/events/${eventId}/live?ticket=${encodeURIComponent(ticket)}`);
    ws.onopen = () => resolve(ws);
    ws.onerror = reject;
  });
}

/** Resolves with the milliseconds since `since` when the socket next receives a message of `type`. */
const nextMessage = (ws, type, since) =>
  new Promise((resolve) => {
    ws.onmessage = (event) => {
      if (JSON.parse(String(event.data)).type === type) resolve(performance.now() - since);
    };
  });

/** The tokens of the 'Your pass' mails sent to the experience's guests, read from the outbox. */
function mailedTokens(d1, eventId) {
  const rows = d1
    .prepare("SELECT text FROM mail_outbox WHERE \"to\" IN (SELECT email FROM rsvps WHERE event_id = ?) AND subject LIKE 'Your pass for %'")
    .all(eventId);
  return rows.map(({ text }) => /\/pass#([\w.-]+)/.exec(text)[1]);
}

export async function checkinFigures({ url, auth: owner, persistTo }) {
  const call = api(url, owner);
  const start = Math.floor(Date.now() / DAY) * DAY + DAY;
  const eventId = await createExperience(url, owner, { name: "Check-in bench", start, timeZone: "Europe/Lisbon" });

  await upload(url, owner, eventId, writeSheet(guestRows(GUESTS, "bench-checkin-")));
  const d1 = openD1(persistTo);
  let tokens;
  try {
    d1.prepare(`UPDATE rsvps SET status = 'YES' WHERE event_id = ?`).run(eventId);
    const { queued } = await call(`/api/events/${eventId}/checkin/passes/mail`, { method: "POST" });
    if (queued !== GUESTS) throw new Error(`${queued} of ${GUESTS} passes mailed`);
    tokens = mailedTokens(d1, eventId);
  } finally {
    d1.close();
  }
  if (tokens.length !== GUESTS) throw new Error(`${tokens.length} of ${GUESTS} pass mails found`);
  const sheet = await call(`/api/events/${eventId}/checkin/list`);
  const scan = (token, i) => ({ token, nonce: `bench-${i}-${Date.now()}`, scannedAt: new Date().toISOString(), device: "Gate 1" });

  const gate2 = await organiserSocket(url, owner, eventId);
  const verdicts = [];
  const elsewhere = [];
  const reads = [];
  const broadcasts = [];
  for (const [i, token] of tokens.entries()) {
    let since = performance.now();
    await call(`/api/events/${eventId}`);
    reads.push(performance.now() - since);

    since = performance.now();
    const arrived = nextMessage(gate2, "checkin.scanned", since);
    const { results } = await call(`/api/events/${eventId}/checkins`, {
      method: "POST",
      body: JSON.stringify({ listId: sheet.lists[0].id, scans: [scan(token, i)] }),
    });
    verdicts.push(performance.now() - since);
    if (results[0].verdict !== "CHECKED_IN") throw new Error(`scan ${i}: ${results[0].verdict}`);
    elsewhere.push(await arrived);

    since = performance.now();
    const renamed = nextMessage(gate2, "event.changed", since);
    await call(`/api/events/${eventId}`, { method: "PUT", body: JSON.stringify({ name: `Check-in bench ${i}` }) });
    broadcasts.push(await renamed);
  }
  gate2.close();

  // Offline: what the scanner does alone, in the same code (worker/shared/pass-token.ts) the browser runs.
  const serials = new Map(sheet.attendees.map((attendee) => [attendee.serial, attendee]));
  const revoked = new Set(sheet.revocations.map((revocation) => revocation.serial));
  const offline = [];
  const lookups = [];
  for (let round = 0; round < 5; round++) {
    for (const token of tokens) {
      let since = performance.now();
      const claims = await readPass(token, sheet.publicJwk, eventId);
      if (!claims || revoked.has(claims.serial) || !serials.has(claims.serial)) throw new Error("offline verdict refused a valid pass");
      offline.push(performance.now() - since);
      since = performance.now();
      serials.has(token.slice(-16));
      revoked.has(token.slice(-16));
      lookups.push(performance.now() - since);
    }
  }
  return {
    scans: tokens.length,
    verdict: summary(verdicts),
    read: summary(reads),
    elsewhere: summary(elsewhere),
    broadcast: summary(broadcasts),
    offline: summary(offline),
    lookup: summary(lookups),
  };
}

const ms = ({ p50, p95 }) => `p50 ${p50.toFixed(1)} ms   p95 ${p95.toFixed(1)} ms`;

export const checkinReport = (f) => `
Check-in (${f.scans} passes scanned at one gate, another gate's socket listening)
  scan → verdict, online         ${ms(f.verdict)}   ratio to budget ${(f.verdict.p95 / 300).toFixed(2)} (budget p95 < 300 ms)
  an authenticated read          ${ms(f.read)}   (baseline: GET /api/events/:id)
  scan → the other gate          ${ms(f.elsewhere)}   ratio to budget ${(f.elsewhere.p95 / 1000).toFixed(2)} (budget p95 < 1 s)
  a bare broadcast               ${ms(f.broadcast)}   (baseline: a rename reaching the same socket)
  scan → verdict, offline        ${ms(f.offline)}   (ES256 verify + the sheet's lookups, the scanner's code)
  the lookups alone              ${ms(f.lookup)}   (baseline)
`;
