// The notification measures (issue 22), each next to a baseline from the same run: the time from an activity's time
// change (a PUT through the API) to the guest's digest mail in the outbox, next to a bare invitation mail's; and a
// 2,000-guest digest's mails per second, next to the 2,000 invitation mails of the guest import that made them.
// Figures, not assertions. The Worker must run with a short urgent window (NOTIFICATION_BENCH_VARS), and the bench reads
// the local D1 file (node:sqlite, WAL) to count mails beyond /dev/mailbox.json's newest 200 and to make the imported
// guests participants: 2,000 sign-ups through the API would measure sign-up, not notifications.
import { readdirSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { writeSheet } from "../worker/lib/xlsx/write-sheet.ts";
import { guestRows } from "../worker/test/guest-rows.ts";
import { createExperience } from "./experience.mjs";
import { upload } from "./guests.mjs";
import { organiserAuth } from "./organiser.mjs";

/** The Worker's vars for this bench: urgent changes go after 1 s (not 60 s); 2,000 invitations fit the day's quota. */
export const NOTIFICATION_BENCH_VARS = { NOTIFY_URGENT_WINDOW_MS: "1000", INVITATIONS_PER_DAY: "100000" };
const URGENT_WINDOW_MS = Number(NOTIFICATION_BENCH_VARS.NOTIFY_URGENT_WINDOW_MS);

const ROUNDS = 5;
const GUESTS = 2_000;
const GUEST_PREFIX = "bench-notify-";
const MAIL_TIMEOUT_MS = 30_000;
const BATCH_TIMEOUT_MS = 180_000;
const DAY = 86_400_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (samples) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)];

/** The local D1 database of a `wrangler dev --persist-to` folder (miniflare keeps it in one SQLite file, in WAL mode). */
export function openD1(persistTo) {
  const dir = `${persistTo}/v3/d1/miniflare-D1DatabaseObject`;
  const file = readdirSync(dir).find((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  if (!file) throw new Error(`no D1 database in ${dir}`);
  // The Worker writes to the same file meanwhile: wait for its locks rather than fail.
  return new DatabaseSync(`${dir}/${file}`, { timeout: 10_000 });
}

/** Polls `probe` until it answers something truthy; answers that and the milliseconds since `since`, or null after the timeout. */
export async function until(probe, since, timeoutMs, everyMs = 20) {
  while (performance.now() - since < timeoutMs) {
    const found = await probe();
    if (found) return { found, ms: performance.now() - since };
    await sleep(everyMs);
  }
  return null;
}

function api(url, auth) {
  return async (path, init = {}) => {
    const response = await fetch(url + path, { ...init, headers: { ...auth, ...init.headers } });
    if (!response.ok) throw new Error(`${init.method ?? "GET"} ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
}
const jsonBody = (method, body) => ({ method, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
const form = (fields) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return { method: "POST", body };
};

/** A public, open one-day experience starting tomorrow with one activity at 09:00 UTC: within 48 hours, so its changes are urgent. */
export async function experienceTomorrow(url, auth, name) {
  const call = api(url, auth);
  const start = Math.ceil(Date.now() / DAY) * DAY;
  const eventId = await createExperience(url, auth, { name, start });
  const { programs } = await call(`/api/events/${eventId}`);
  const dayId = programs[0].id;
  const at = start + 9 * 3_600_000;
  const activity = await call(
    `/api/events/${eventId}/programs/${dayId}/activity`,
    form({
      name: "Coach to Sintra",
      description: "Bench",
      startIsoTime: new Date(at).toISOString(),
      endIsoTime: new Date(at + 3_600_000).toISOString(),
    }),
  );
  let minutes = 0;
  /** Moves the activity by 30 minutes, earlier and later by turns: each move is a change worth telling. */
  const move = () => {
    minutes = minutes === 0 ? -30 : 0;
    const moved = at + minutes * 60_000;
    return call(
      `/api/events/${eventId}/programs/${dayId}/activity/${activity.id}`,
      jsonBody("PUT", { startIsoTime: new Date(moved).toISOString(), endIsoTime: new Date(moved + 3_600_000).toISOString() }),
    );
  };
  return { eventId, dayId, activityId: activity.id, move };
}

/** The first mail to `to` in the development mailbox that is not among `seen`. */
async function newMailTo(url, to, seen) {
  const mails = await (await fetch(`${url}/dev/mailbox.json`)).json();
  return mails.find((mail) => mail.to === to && !seen.has(mail.id));
}
const mailIdsTo = async (url, to) =>
  new Set((await (await fetch(`${url}/dev/mailbox.json`)).json()).filter((mail) => mail.to === to).map((mail) => mail.id));

/** A change's time to the guest's mail: an organiser moves an activity, a guest who joined waits for the digest. */
async function changeToMail(url, auth) {
  const organiser = api(url, auth);
  const { eventId, move } = await experienceTomorrow(url, auth, "Notification latency");
  const guestAuth = await organiserAuth(url);
  const guest = api(url, guestAuth);
  const { emailId: email } = await guest("/api/profile/user");
  await guest(`/api/rsvp/respond/${eventId}`, jsonBody("PUT", { status: "YES" }));

  const digest = [];
  const invitation = [];
  for (let round = 0; round < ROUNDS; round++) {
    const seen = await mailIdsTo(url, email);
    const started = performance.now();
    await move();
    const told = await until(() => newMailTo(url, email, seen), started, MAIL_TIMEOUT_MS);
    if (told) digest.push(told.ms);

    // The baseline: a bare invitation mail to a new address, written by the request itself.
    const address = `bench-invite-${round}-${Date.now()}@example.com`;
    const invited = performance.now();
    await organiser("/api/rsvp", jsonBody("POST", { eventId, invitees: [address] }));
    const delivered = await until(() => newMailTo(url, address, new Set()), invited, MAIL_TIMEOUT_MS);
    if (delivered) invitation.push(delivered.ms);
  }
  return { digest, invitation };
}

/** Mails to the bench's 2,000 guests written since `sinceMs` (epoch), and how many of them the mail queue has sent. */
const countMails = (d1, sinceMs) =>
  d1
    .prepare(`SELECT count(*) AS written, coalesce(sum(status = 'SENT'), 0) AS sent FROM mail_outbox WHERE "to" LIKE ? AND created_at >= ?`)
    .get(`${GUEST_PREFIX}%`, sinceMs);

/** Waits until `GUESTS` mails since `sinceMs` are written and then sent; answers both times (null: not within the timeout). */
async function batchTimes(d1, sinceMs, started) {
  const written = await until(() => countMails(d1, sinceMs).written >= GUESTS, started, BATCH_TIMEOUT_MS, 100);
  const sent = written && (await until(() => countMails(d1, sinceMs).sent >= GUESTS, started, BATCH_TIMEOUT_MS, 100));
  return { writtenMs: written?.ms ?? null, sentMs: sent?.ms ?? null, ...countMails(d1, sinceMs) };
}

/** The experience's imported guests become participants with accounts, as if each had signed up and said yes; answers how many are. */
export function makeParticipants(d1, eventId) {
  d1.exec("BEGIN");
  d1.prepare(
    `INSERT OR IGNORE INTO users (id, email, first_name, last_name)
     SELECT lower(hex(randomblob(16))), email, 'Guest', 'Bench' FROM rsvps WHERE event_id = ?`,
  ).run(eventId);
  d1.prepare(`UPDATE rsvps SET status = 'YES', user_id = (SELECT id FROM users WHERE users.email = rsvps.email) WHERE event_id = ?`).run(
    eventId,
  );
  d1.exec("COMMIT");
  return d1.prepare("SELECT count(*) AS participants FROM rsvps WHERE event_id = ? AND status = 'YES' AND user_id IS NOT NULL").get(eventId)
    .participants;
}

/** A 2,000-guest experience's digest, next to the 2,000 invitation mails of the import that made those guests. */
async function digestThroughput(url, auth, d1) {
  const organiser = api(url, auth);
  const { eventId, move } = await experienceTomorrow(url, auth, "Notification throughput");

  const invitedSince = Date.now();
  const invited = performance.now();
  await upload(url, auth, eventId, writeSheet(guestRows(GUESTS, GUEST_PREFIX)));
  const invitations = await batchTimes(d1, invitedSince, invited);

  const participants = makeParticipants(d1, eventId);
  if (participants !== GUESTS) throw new Error(`${participants} of ${GUESTS} guests became participants`);

  const digestSince = Date.now();
  const changed = performance.now();
  await move();
  // Past the window at once: the throughput is the consumer's, not the clock's.
  const { digestId } = await organiser(`/dev/notifications/${eventId}/flush`, { method: "POST" });
  // Nothing claimed: no change-log row was written, so no mail will come.
  const digest = digestId ? await batchTimes(d1, digestSince, changed) : { writtenMs: null, sentMs: null, ...countMails(d1, digestSince) };
  return { invitations, digest, digestId };
}

export async function notificationFigures({ url, auth, persistTo }) {
  const d1 = openD1(persistTo);
  try {
    return { latency: await changeToMail(url, auth), throughput: await digestThroughput(url, auth, d1) };
  } finally {
    d1.close();
  }
}

const ms = (value) => (Number.isFinite(value) ? `${value.toFixed(0)} ms` : "—");
const perSecond = (count, msTaken) => (msTaken ? `${((count / msTaken) * 1000).toFixed(0)} mails/s` : "—");

export function notificationReport({ latency, throughput }) {
  const { digest, invitation } = latency;
  const lost = ROUNDS - digest.length;
  const { invitations, digest: batch } = throughput;
  return `
Notifications (urgent window ${URGENT_WINDOW_MS} ms)
  activity moved → guest's digest mail in the outbox   median ${ms(median(digest))}   max ${ms(Math.max(...digest))}${lost ? `   (${lost} of ${ROUNDS} changes sent no mail within ${MAIL_TIMEOUT_MS / 1000} s)` : ""}
  invitation → its mail in the outbox (baseline)       median ${ms(median(invitation))}   the digest's beyond its window: ${ms(median(digest) - URGENT_WINDOW_MS)} (budget: the window + 2 min)
  ${GUESTS.toLocaleString("en")} guests' digest (${throughput.digestId ?? "nothing claimed"})   written ${ms(batch.writtenMs)}   sent ${ms(batch.sentMs)}   ${perSecond(GUESTS, batch.sentMs)}   (${batch.written} written, ${batch.sent} sent)
  ${GUESTS.toLocaleString("en")} invitation mails (baseline)   written ${ms(invitations.writtenMs)}   sent ${ms(invitations.sentMs)}   ${perSecond(GUESTS, invitations.sentMs)}
`;
}
