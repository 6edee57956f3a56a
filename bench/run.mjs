// npm run bench: throughput of the public itinerary against a static asset of the same Worker, in the same
// run, the latency of a live change reaching 200 sockets of one event, the guest measures (bench/guests.mjs) and
// the live feed's (bench/feed.mjs), the notifications' (bench/notifications.mjs), check-in's (bench/checkin.mjs), sign-ups'
// with 1,000 guests for 50 places and a freed place's promotion (bench/signups.mjs), presence's with 200 viewers
// (bench/presence.mjs), an
// offline reload's (bench/offline.mjs), the offline AI generator's on a 20-page agenda (bench/ai.mjs), a 4 GB PDF bomb's
// refusal next to the public itinerary's latency meanwhile (bench/pdf-bomb.mjs), and Lighthouse's mobile scores of
// the landing page and a share page (bench/lighthouse.mjs).
// Figures, not assertions.
import { rmSync } from "node:fs";
import { freePort, migrateLocal, root, startWorker } from "../scripts/lib.mjs";
import { writeSheet } from "../worker/lib/xlsx/write-sheet.ts";
import { guestRows } from "../worker/test/guest-rows.ts";
import { aiFigures, aiReport } from "./ai.mjs";
import { initialJsKb, languagesReport, zodInInitialJs } from "./bundle-size.mjs";
import { checkinFigures, checkinReport } from "./checkin.mjs";
import { createExperience } from "./experience.mjs";
import { feedFigures, feedReport } from "./feed.mjs";
import { latency, templateRoundTrip, timedImport, upload } from "./guests.mjs";
import { lighthouseFigures, lighthouseReport, seedCoverExperience } from "./lighthouse.mjs";
import { NOTIFICATION_BENCH_VARS, notificationFigures, notificationReport } from "./notifications.mjs";
import { offlineFigures, offlineReport } from "./offline.mjs";
import { organiserAuth } from "./organiser.mjs";
import { pdfBombFigures, pdfBombReport } from "./pdf-bomb.mjs";
import { presenceFigures, presenceReport } from "./presence.mjs";
import { signupFigures, signupReport } from "./signups.mjs";

const port = await freePort();
const persistTo = `${root}.e2e-state/bench-${port}`;
rmSync(persistTo, { recursive: true, force: true });
migrateLocal(persistTo);
// One organiser imports 10,000 and then 2,000 guests: past the default daily quota of invitation e-mails (1,000); urgent
// notification digests go after 1 s rather than 60 s.
const { child, url } = await startWorker({ port, persistTo, vars: { INVITATIONS_PER_DAY: "100000", ...NOTIFICATION_BENCH_VARS } });

const json = async (path, init = {}) => {
  const response = await fetch(url + path, { ...init, headers: { "Content-Type": "application/json", ...init.headers } });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
};

try {
  // An organiser, and an experience of 10 days x 8 activities.
  const auth = await organiserAuth(url);
  const day = 86_400_000;
  const start = Math.floor(Date.now() / day) * day + 7 * day;
  const eventId = await createExperience(url, auth, { name: "Bench experience", start, days: 10 });
  const event = await json(`/api/events/${eventId}`, { headers: auth });
  let activities = 0;
  for (const program of event.programs) {
    for (let i = 0; i < 8; i++) {
      const f = new FormData();
      const t = Date.parse(`${program.date}T00:00:00Z`) + (8 + i) * 3_600_000;
      Object.entries({
        name: `Activity ${i + 1}`,
        description: "Benchmark activity",
        startIsoTime: new Date(t).toISOString(),
        endIsoTime: new Date(t + 3_000_000).toISOString(),
      }).forEach(([k, v]) => f.append(k, v));
      const r = await fetch(`${url}/api/events/${eventId}/programs/${program.id}/activity`, { method: "POST", body: f, headers: auth });
      if (r.ok) activities++;
    }
  }

  async function throughput(path, total = 600, concurrency = 16) {
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next++ < total) {
          const r = await fetch(url + path);
          await r.arrayBuffer();
          if (!r.ok) throw new Error(`${path}: ${r.status}`);
        }
      }),
    );
    return total / ((performance.now() - started) / 1000);
  }

  await throughput("/favicon.svg", 50);
  await throughput(`/oapi/itinerary/${eventId}`, 50);
  const staticRps = await throughput("/favicon.svg");
  const itineraryRps = await throughput(`/oapi/itinerary/${eventId}`);

  // Guests: the served template read back by the import, 10,000 rows imported, the RSVP list of 2,000 guests.
  const newExperience = (name) => createExperience(url, auth, { name, start });
  const templateType = await templateRoundTrip(url, auth, await newExperience("Template"));
  const imported = await timedImport({ url, auth, eventId: await newExperience("Import"), workerPid: child.pid, rows: 10_000 });
  const listed = await newExperience("Guest list");
  await upload(url, auth, listed, writeSheet(guestRows(2_000)));
  const rsvpList = await latency(url, `/api/rsvp/event/${listed}`, auth);
  const itineraryLatency = await latency(url, `/oapi/itinerary/${eventId}`);

  // Live fan-out: 200 sockets, 10 changes; latency from the write's start to each socket's receipt.
  const wsUrl = `${url.replace("http", "ws")}/api/events/${eventId}/live`;
  const sockets = await Promise.all(
    Array.from({ length: 200 }, async () => {
      // Each socket opens with a single-use ticket, as the page's does (anonymous viewers of a public experience).
      const { ticket } = await json(`/oapi/events/${eventId}/live-ticket`, { method: "POST" });
      return new Promise((resolve, reject) => {
        const ws = new WebSocket(`${wsUrl}?ticket=${encodeURIComponent(ticket)}`);
        ws.onopen = () => resolve(ws);
        ws.onerror = reject;
      });
    }),
  );
  const latencies = [];
  for (let round = 0; round < 10; round++) {
    const sent = performance.now();
    const received = sockets.map(
      (ws) =>
        new Promise((resolve) => {
          // The room's own presence messages (the 200 joining) are not the change.
          ws.onmessage = (event) => JSON.parse(String(event.data)).type !== "presence" && resolve(performance.now() - sent);
        }),
    );
    await json(`/api/events/${eventId}`, { method: "PUT", headers: auth, body: JSON.stringify({ name: `Bench experience ${round}` }) });
    latencies.push(...(await Promise.all(received)));
  }
  sockets.forEach((ws) => ws.close());
  latencies.sort((a, b) => a - b);
  const p = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];

  const feed = await feedFigures({ url, auth, eventId: await newExperience("Feed") });
  const notifications = await notificationFigures({ url, auth, persistTo });
  const checkin = await checkinFigures({ url, auth, persistTo });
  const signups = await signupFigures({ url, auth, persistTo });
  const presence = await presenceFigures({ url, auth, eventId: await newExperience("Presence") });
  const offline = await offlineFigures({ url });
  const ai = await aiFigures({ url, auth, start });
  const pdfBomb = await pdfBombFigures({ url, auth, start, eventId, workerPid: child.pid });
  const coverId = await seedCoverExperience(url, auth);
  const lighthouse = await lighthouseFigures(url, { "/": "/", "/itinerary/:id": `/itinerary/${coverId}` });

  console.log(`
Public itinerary (10 days, ${activities} activities, edge-cached 10 s)
  static asset           ${staticRps.toFixed(0)} req/s   (baseline)
  /oapi/itinerary/:id    ${itineraryRps.toFixed(0)} req/s   ratio ${(itineraryRps / staticRps).toFixed(2)} (budget >= 0.50)

Initial JavaScript, gzipped
  /itinerary/:id         ${initialJsKb("src/features/itinerary/public-itinerary-page.tsx").toFixed(1)} KB   ratio ${(initialJsKb("src/features/itinerary/public-itinerary-page.tsx") / 170).toFixed(2)} (budget < 170 KB)
  landing page           ${initialJsKb("src/features/landing/landing-page.tsx").toFixed(1)} KB   ratio ${(initialJsKb("src/features/landing/landing-page.tsx") / 200).toFixed(2)} (budget < 200 KB)
Initial JavaScript and the page's words, gzipped, per reader's language (issue 37: the same build read in each)
${languagesReport()}
  zod in either          ${zodInInitialJs("src/features/itinerary/public-itinerary-page.tsx") || zodInInitialJs("src/features/landing/landing-page.tsx") ? "yes" : "no"}   (before issue 13: yes, 157.2 KB and 155.9 KB; the forms' schemas load with the forms)

Guests
  template               served as ${templateType}, read back by the import: 1 guest
  .xlsx import, 10,000 rows (${imported.fileKb.toFixed(0)} KB)   ${(imported.ms / 1000).toFixed(2)} s   workerd RSS ${imported.before.toFixed(0)} MB before, peak ${imported.peak.toFixed(0)} MB (+${(imported.peak - imported.before).toFixed(0)} MB: the whole workerd process, local D1 and the 10,000 RSVPs and mails included, an upper bound on the isolate's share of the 128 MB limit)
  RSVP list, 2,000 guests       p50 ${rsvpList.p50.toFixed(1)} ms   p95 ${rsvpList.p95.toFixed(1)} ms
  /oapi/itinerary/:id           p50 ${itineraryLatency.p50.toFixed(1)} ms   p95 ${itineraryLatency.p95.toFixed(1)} ms   (same run, edge-cached)

Live fan-out: a change reaching 200 sockets of one event (10 rounds, ${latencies.length} deliveries)
  p50 ${p(0.5).toFixed(1)} ms   p95 ${p(0.95).toFixed(1)} ms   max ${latencies[latencies.length - 1].toFixed(1)} ms   ratio to budget ${(p(0.95) / 250).toFixed(2)} (budget p95 < 250 ms)
${feedReport(feed)}${notificationReport(notifications)}${checkinReport(checkin)}${signupReport(signups)}${presenceReport(presence)}${offlineReport(offline)}${aiReport(ai)}${pdfBombReport(pdfBomb)}${lighthouseReport(lighthouse)}`);
} finally {
  child.kill();
  rmSync(persistTo, { recursive: true, force: true });
}
