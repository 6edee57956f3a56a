// The presence measures (issue 25, docs/presence.md) with 200 viewers on one public experience, each next to a baseline
// from the same run: the time from a socket's join, and from an organiser's 'editing' message, to every other socket
// receiving the presence message, next to a bare broadcast (the experience's rename reaching the same 200 sockets); and
// how many presence messages each socket received while the 200 gathered (the room's window folds joins together).
// Figures, not assertions. Runs alone too: `npm run build && node bench/presence.mjs`.
import { rmSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { freePort, migrateLocal, root, startWorker } from "../scripts/lib.mjs";
import { createExperience } from "./experience.mjs";
import { organiserAuth } from "./organiser.mjs";

const VIEWERS = 200;
const ROUNDS = 10;
const CONNECT_PARALLELISM = 8;
/** Longer than the room's presence window (PRESENCE_WINDOW_MS, 200 ms): each measured change goes out on its own. */
const PAUSE_MS = 400;
const DELIVERY_TIMEOUT_MS = 15_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
export const summary = (samples) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { count: sorted.length, p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95), max: sorted.at(-1) };
};

/** A socket on the event, opened with a single-use ticket as the page opens its own; anonymous without `auth`. */
export async function openSocket(url, eventId, { auth = {}, address = "10.25.0.1" } = {}) {
  const headers = { "CF-Connecting-IP": address };
  const issued = await fetch(`${url}/oapi/events/${eventId}/live-ticket`, { method: "POST", headers: { ...headers, ...auth } });
  if (!issued.ok) throw new Error(`live-ticket ${issued.status}`);
  const { ticket } = await issued.json();
  const ws = new WebSocket(`${url.replace("http", "ws")}/api/events/${eventId}/live?ticket=${encodeURIComponent(ticket)}`, { headers });
  const presence = [];
  ws.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data));
    if (message.type === "presence") presence.push(message);
  });
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = () => reject(new Error("upgrade refused"));
  });
  return { ws, presence };
}

/** Milliseconds from `since` until the socket next receives a message meeting `check`. */
export function next(ws, check, since) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no message in time")), DELIVERY_TIMEOUT_MS);
    const heard = (event) => {
      const message = JSON.parse(String(event.data));
      if (!check(message)) return;
      clearTimeout(timer);
      ws.removeEventListener("message", heard);
      resolve(performance.now() - since);
    };
    ws.addEventListener("message", heard);
  });
}

export async function presenceFigures({ url, auth, eventId }) {
  const organiser = await openSocket(url, eventId, { auth });
  const crowd = [];
  let opened = 0;
  await Promise.all(
    Array.from({ length: CONNECT_PARALLELISM }, async () => {
      while (opened < VIEWERS) {
        opened++;
        crowd.push(await openSocket(url, eventId));
      }
    }),
  );
  const everyone = [organiser, ...crowd];
  await Promise.all(everyone.map(({ ws }) => next(ws, (m) => m.type === "presence" && m.viewers === VIEWERS + 1, performance.now())));
  await sleep(PAUSE_MS);
  const gathered = summary(crowd.map(({ presence }) => presence.length));

  const joins = [];
  const edits = [];
  const broadcasts = [];
  for (let round = 0; round < ROUNDS; round++) {
    // A join: a newcomer's socket opens; every other socket hears the new count.
    const since = performance.now();
    const heard = everyone.map(({ ws }) => next(ws, (m) => m.type === "presence" && m.viewers === VIEWERS + 2, since));
    const newcomer = await openSocket(url, eventId, { address: "10.26.0.1" });
    joins.push(...(await Promise.all(heard)));
    newcomer.ws.close();
    await Promise.all(everyone.map(({ ws }) => next(ws, (m) => m.type === "presence" && m.viewers === VIEWERS + 1, performance.now())));
    await sleep(PAUSE_MS);

    // An edit: the organiser opens an activity's form; every other socket hears a presence message.
    const editing = `activity-${round}`;
    const editedAt = performance.now();
    const told = crowd.map(({ ws }) => next(ws, (m) => m.type === "presence", editedAt));
    organiser.ws.send(JSON.stringify({ type: "editing", activityId: editing }));
    edits.push(...(await Promise.all(told)));
    await sleep(PAUSE_MS);

    // The baseline: a bare broadcast of a change to the same sockets.
    const renamedAt = performance.now();
    const changed = everyone.map(({ ws }) => next(ws, (m) => m.type === "event.changed", renamedAt));
    const response = await fetch(`${url}/api/events/${eventId}`, {
      method: "PUT",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({ name: `Presence bench ${round}` }),
    });
    if (!response.ok) throw new Error(`rename ${response.status}`);
    broadcasts.push(...(await Promise.all(changed)));
    await sleep(PAUSE_MS);
  }
  everyone.forEach(({ ws }) => ws.close());
  return { joins: summary(joins), edits: summary(edits), broadcast: summary(broadcasts), gathered };
}

const line = (label, s) => `  ${label.padEnd(44)} p50 ${s.p50.toFixed(1)} ms   p95 ${s.p95.toFixed(1)} ms   max ${s.max.toFixed(1)} ms`;

export const presenceReport = (f) => `
Presence with ${VIEWERS} viewers on one experience (${ROUNDS} rounds each; docs/presence.md)
${line("a join reaching every other socket", f.joins)}
${line("an organiser's edit reaching the 200 viewers", f.edits)}
${line("bare broadcast (a rename, the same sockets)", f.broadcast)}   (baseline)
  p95 ratio join/baseline ${(f.joins.p95 / f.broadcast.p95).toFixed(2)}, edit/baseline ${(f.edits.p95 / f.broadcast.p95).toFixed(2)}
  presence messages per viewer while ${VIEWERS} gathered: p50 ${f.gathered.p50}, max ${f.gathered.max} (one per join would be up to ${VIEWERS})
`;

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const port = await freePort();
  const persistTo = `${root}.e2e-state/bench-presence-${port}`;
  rmSync(persistTo, { recursive: true, force: true });
  migrateLocal(persistTo);
  const { child, url } = await startWorker({ port, persistTo });
  try {
    const auth = await organiserAuth(url);
    const start = Math.floor(Date.now() / 86_400_000) * 86_400_000 + 7 * 86_400_000;
    const id = await createExperience(url, auth, { name: "Presence bench", start });
    console.log(presenceReport(await presenceFigures({ url, auth, eventId: id })));
  } finally {
    child.kill();
    rmSync(persistTo, { recursive: true, force: true });
  }
}
