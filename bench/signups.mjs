// The sign-up measures (issue 38, docs/programme.md), each next to a baseline from the same run:
// - 1,000 guests signing up at once for the 50 places of one activity: the time from firing the 1,000 POSTs to the last
//   answer, next to the same 1,000 guests reading the activity at once (its GET, before and after); then the organisers'
//   list checked: 50 IN, 950 WAITING at positions 1..950 without a gap or a duplicate, each guest's answer as listed.
// - a freed place reaching the one promoted: when a holder leaves, the time until the first waiting guest's live socket
//   hears `itinerary.changed`, and until their 'You have a place in …' mail is in the outbox; next to an ordinary
//   itinerary change (an activity's description, which mails nobody) reaching the same socket.
// Figures, not assertions. The Worker runs with NOTIFICATION_BENCH_VARS (urgent digests after 1 s). The guests are
// imported, made participants in the local D1 file and signed in there (a sign-in row each, and an access token signed
// with the development JWT_SECRET of wrangler.jsonc), as bench/notifications.mjs does: 1,000 sign-ups through
// /auth/signup would hit the OTP limits and measure the account's sign-up, not the activity's.
// Runs alone too: `npm run build && node bench/signups.mjs`.
import { readFileSync, rmSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { freePort, migrateLocal, root, startWorker } from "../scripts/lib.mjs";
import { signAccessToken } from "../worker/lib/auth/jwt.ts";
import { writeSheet } from "../worker/lib/xlsx/write-sheet.ts";
import { guestRows } from "../worker/test/guest-rows.ts";
import { api } from "./checkin.mjs";
import { upload } from "./guests.mjs";
import { experienceTomorrow, makeParticipants, NOTIFICATION_BENCH_VARS, openD1, until } from "./notifications.mjs";
import { organiserAuth } from "./organiser.mjs";
import { next, openSocket, summary } from "./presence.mjs";

const GUESTS = 1_000;
const PLACES = 50;
const ROUNDS = 5;
const GUEST_PREFIX = "bench-signup-";
const MAIL_TIMEOUT_MS = 30_000;
const INVITATIONS_TIMEOUT_MS = 180_000;
const DAY = 86_400_000;
/** A new socket is first told what was published in the 15 s before its ticket (worker/live/recent.ts): those pass first. */
const REPLAY_PAUSE_MS = 500;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The development JWT_SECRET the local Worker signs with (wrangler.jsonc's vars). */
const JWT_SECRET = /"JWT_SECRET":\s*"([^"]+)"/.exec(readFileSync(`${root}wrangler.jsonc`, "utf8"))[1];

/** A sign-in for each of the experience's participants, written in D1 as /auth/signin writes one; answers who and their header. */
async function signedIn(d1, eventId) {
  d1.prepare(
    `INSERT INTO refresh_families (id, user_id, expires_at)
     SELECT lower(hex(randomblob(16))), user_id, ? FROM rsvps WHERE event_id = ? AND user_id IS NOT NULL`,
  ).run(Date.now() + DAY, eventId);
  const rows = d1
    .prepare(
      `SELECT f.id AS sessionId, r.user_id AS userId, r.email FROM rsvps r JOIN refresh_families f ON f.user_id = r.user_id
      WHERE r.event_id = ?`,
    )
    .all(eventId);
  return Promise.all(
    rows.map(async ({ sessionId, userId, email }) => ({
      email,
      auth: { Authorization: `Bearer ${await signAccessToken(JWT_SECRET, { userId, sessionId })}` },
    })),
  );
}

/** Fires one request per guest at once; answers the milliseconds until the last answer was read, and the answers. */
async function burst(guests, request) {
  const started = performance.now();
  const answers = await Promise.all(
    guests.map(async (guest) => {
      try {
        const response = await request(guest);
        const body = await response.text();
        return { status: response.status, body: response.ok ? JSON.parse(body) : body };
      } catch (error) {
        return { status: 0, body: String(error.cause ?? error) };
      }
    }),
  );
  return { ms: performance.now() - started, answers, failed: answers.filter((answer) => answer.status !== 200) };
}

/** What the organisers' list says of the queue: counts, positions 1..n each once, every guest once, answers as listed. */
function orderCheck(list, guests, answers) {
  const positions = list.waiting.map((row) => row.position).sort((a, b) => a - b);
  const gaps = positions.filter((position, i) => position !== i + 1).length;
  const listed = new Map([
    ...list.going.map((row) => [row.emailId, { status: "IN", position: null }]),
    ...list.waiting.map((row) => [row.emailId, { status: "WAITING", position: row.position }]),
  ]);
  // Nobody leaves during the burst and the queue only grows at its end, so each answer's place is still the listed one.
  const agreeing = guests.filter((guest, i) => {
    const mine = answers[i].body?.mine;
    const row = listed.get(guest.email);
    return mine && row && mine.status === row.status && mine.position === row.position;
  }).length;
  return { going: list.going.length, waiting: list.waiting.length, gaps, listed: listed.size, agreeing };
}

/** When the promotion's mail to `email` is in the outbox (written: what /dev/mailbox shows). */
const promotionMail = (d1, email) =>
  d1.prepare(`SELECT id FROM mail_outbox WHERE "to" = ? AND subject LIKE 'You have a place in %'`).get(email);

export async function signupFigures({ url, auth, persistTo }) {
  const organiser = api(url, auth);
  const { eventId, dayId, activityId } = await experienceTomorrow(url, auth, "Sign-up bench");
  const path = `/api/events/${eventId}/programs/${dayId}/activity/${activityId}`;
  const describe = (description) => organiser(path, { method: "PUT", body: JSON.stringify({ description }) });
  await organiser(path, { method: "PUT", body: JSON.stringify({ attendance: "SIGNUP", capacity: PLACES }) });

  await upload(url, auth, eventId, writeSheet(guestRows(GUESTS, GUEST_PREFIX)));
  const d1 = openD1(persistTo);
  try {
    if (makeParticipants(d1, eventId) !== GUESTS) throw new Error(`not all ${GUESTS} guests became participants`);
    const guests = await signedIn(d1, eventId);
    const byEmail = new Map(guests.map((guest) => [guest.email, guest]));
    // The import's invitation mails go out first: their queue's work is not the sign-ups'.
    const queued = () =>
      d1.prepare(`SELECT count(*) AS n FROM mail_outbox WHERE "to" LIKE ? AND status = 'QUEUED'`).get(`${GUEST_PREFIX}%`).n;
    await until(() => queued() === 0, performance.now(), INVITATIONS_TIMEOUT_MS, 100);

    // 1. The burst: the same 1,000 guests read the activity at once (baseline), sign up at once, read it again.
    const read = (guest) => fetch(url + path, { headers: guest.auth });
    await burst(guests.slice(0, 100), read); // warms the Worker and the connections
    const readBefore = await burst(guests, read);
    const signups = await burst(guests, (guest) => fetch(`${url}${path}/signup`, { method: "POST", headers: guest.auth }));
    const readAfter = await burst(guests, read);
    const order = orderCheck(await organiser(`${path}/signups`), guests, signups.answers);

    // 2. A freed place, ROUNDS times: the first holder leaves; the first waiting is promoted, live and by mail.
    const live = [];
    const mailed = [];
    const ordinary = [];
    let promoted = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const list = await organiser(`${path}/signups`);
      if (!list.going.length || !list.waiting.length) throw new Error(`no one to free a place for: ${JSON.stringify(order)}`);
      const leaver = byEmail.get(list.going[0].emailId);
      const first = byEmail.get(list.waiting[0].emailId);
      const { ws } = await openSocket(url, eventId, { auth: first.auth, address: `10.38.0.${round + 1}` });
      await sleep(REPLAY_PAUSE_MS);

      const since = performance.now();
      const heard = next(ws, (m) => m.type === "itinerary.changed", since);
      const left = await fetch(`${url}${path}/signup`, { method: "DELETE", headers: leaver.auth });
      if (!left.ok) throw new Error(`leave: ${left.status} ${await left.text()}`);
      live.push(await heard);
      const mail = await until(() => promotionMail(d1, first.email), since, MAIL_TIMEOUT_MS);
      if (mail) mailed.push(mail.ms);
      const { signup } = await (await read(first)).json();
      if (signup?.mine?.status === "IN") promoted++;

      // The baseline: an ordinary itinerary change (History only: no mail) reaching the same socket.
      const changedAt = performance.now();
      const changed = next(ws, (m) => m.type === "itinerary.changed", changedAt);
      await describe(`Sign-up bench, round ${round + 1}`);
      ordinary.push(await changed);
      ws.close();
    }
    return { readBefore, readAfter, signups, order, live: summary(live), mailed, ordinary: summary(ordinary), promoted };
  } finally {
    d1.close();
  }
}

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const n = (count) => count.toLocaleString("en");
const row = (label, figures) => `  ${label.padEnd(66)} ${figures}`;
const timings = (s, digits = 1) => `p50 ${s.p50.toFixed(digits)} ms   max ${s.max.toFixed(digits)} ms`;
const failures = ({ failed }) =>
  failed.length ? `   ${failed.length} not 200 (first: ${failed[0].status} ${String(JSON.stringify(failed[0].body)).slice(0, 80)})` : "";

export function signupReport(f) {
  const { order } = f;
  const inOrder = order.going === PLACES && order.waiting === GUESTS - PLACES && order.gaps === 0 && order.listed === GUESTS;
  const urgent = Number(NOTIFICATION_BENCH_VARS.NOTIFY_URGENT_WINDOW_MS);
  const lost = ROUNDS - f.mailed.length;
  return `
Sign-ups: ${n(GUESTS)} guests at once for the ${PLACES} places of one activity (docs/programme.md)
${row(`${n(GUESTS)} parallel sign-ups (POST …/signup), time to settle`, `${seconds(f.signups.ms)}   ratio to baseline ${(f.signups.ms / f.readBefore.ms).toFixed(2)}${failures(f.signups)}`)}
${row(`${n(GUESTS)} parallel reads of the activity (GET …/activity/:id)`, `${seconds(f.readBefore.ms)} before, ${seconds(f.readAfter.ms)} after   (baseline: the same guests at once)${failures(f.readBefore)}${failures(f.readAfter)}`)}
${row("the organisers' list (GET …/signups)", `${order.going} IN, ${order.waiting} WAITING, ${order.gaps} positions off 1..${order.waiting}, ${n(order.listed)} guests: ${inOrder ? "in order" : "NOT IN ORDER"}`)}
${row("sign-up answers naming the place the list shows", `${n(order.agreeing)} of ${n(GUESTS)}`)}
A freed place to the first waiting (${ROUNDS} rounds: the first holder leaves, DELETE …/signup; ${f.promoted} of ${ROUNDS} promoted)
${row("leave → the promoted guest's socket hears itinerary.changed", timings(f.live))}
${row("an ordinary change → the same socket (an activity's description)", `${timings(f.ordinary)}   (baseline)`)}
${row("leave → 'You have a place in …' in the mail outbox", `${f.mailed.length ? timings(summary(f.mailed), 0) : "—"}   (urgent window ${urgent} ms, then the notify queue's batch of up to 1 s)${lost ? `   ${lost} of ${ROUNDS} not within ${MAIL_TIMEOUT_MS / 1000} s` : ""}`)}
`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const port = await freePort();
  const persistTo = `${root}.e2e-state/bench-signups-${port}`;
  rmSync(persistTo, { recursive: true, force: true });
  migrateLocal(persistTo);
  const { child, url } = await startWorker({ port, persistTo, vars: NOTIFICATION_BENCH_VARS });
  try {
    console.log(signupReport(await signupFigures({ url, auth: await organiserAuth(url), persistTo })));
  } finally {
    child.kill();
    rmSync(persistTo, { recursive: true, force: true });
  }
}
