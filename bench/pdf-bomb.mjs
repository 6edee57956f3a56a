// The PDF bomb measures of npm run bench: a 4 GB FlateDecode bomb (a 4 MB PDF) sent through POST /api/events in AI
// mode, the time until its 400, and the public itinerary's latency while bombs are being refused next to its latency
// with none, in the same run, against the same Worker; workerd's memory is sampled meanwhile. Figures, not assertions.
import "./worker-imports.mjs";
import { rssMb, workerdPids } from "./guests.mjs";

const { GB, pdfBomb } = await import("../worker/test/pdf-bomb.ts");
const { PDF_INFLATION_CAP } = await import("../worker/lib/pdf/inflation-cap.ts");

const ROUNDS = 8;
const QUIET_READS = 200;
const DAY_MS = 86_400_000;

const percentile = (samples, q) => [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor(q * samples.length))];

async function timedRead(url, eventId) {
  const started = performance.now();
  const response = await fetch(`${url}/oapi/itinerary/${eventId}`);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`GET /oapi/itinerary: ${response.status}`);
  return performance.now() - started;
}

/** Sends the bomb; answers how long the refusal took, after checking it is the 400 the issue asks for. */
async function refuse(url, auth, start, bytes) {
  const form = new FormData();
  const fields = { name: "Bomb", startIsoTime: new Date(start).toISOString(), endIsoTime: new Date(start + 3 * DAY_MS).toISOString() };
  Object.entries({ ...fields, isAIMode: "true" }).forEach(([name, value]) => form.append(name, value));
  form.append("file", new File([bytes], "agenda.pdf", { type: "application/pdf" }));
  const started = performance.now();
  const response = await fetch(`${url}/api/events`, { method: "POST", body: form, headers: auth });
  const body = await response.json();
  if (response.status !== 400 || body.error !== "The PDF could not be read: its content is too large")
    throw new Error(`the bomb was answered ${response.status} ${JSON.stringify(body)}`);
  return performance.now() - started;
}

export async function pdfBombFigures({ url, auth, start, eventId, workerPid }) {
  const bytes = pdfBomb(4 * GB);
  for (let i = 0; i < 20; i++) await timedRead(url, eventId);
  const quiet = [];
  for (let i = 0; i < QUIET_READS; i++) quiet.push(await timedRead(url, eventId));

  const pids = workerdPids(workerPid);
  const before = pids.length ? rssMb(pids) : NaN;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pids))), 10);
  const refusals = [];
  const during = [];
  for (let round = 0; round < ROUNDS; round++) {
    let refused = false;
    const refusal = refuse(url, auth, start, bytes).finally(() => (refused = true));
    while (!refused) {
      const ms = await timedRead(url, eventId);
      if (!refused) during.push(ms);
    }
    refusals.push(await refusal);
  }
  clearInterval(sampler);
  return { mb: bytes.length / 1024 / 1024, refusals, quiet, during, before, peak };
}

const ms = (value) => `${value.toFixed(1)} ms`;

export const pdfBombReport = ({ mb, refusals, quiet, during, before, peak }) => `
PDF bomb: a 4 GB FlateDecode stream in a ${mb.toFixed(1)} MB PDF, POST /api/events in AI mode (refused past ${PDF_INFLATION_CAP / 1024 / 1024} MB decoded), ${refusals.length} times in turn
  refused with 400 in      median ${ms(percentile(refusals, 0.5))}   max ${ms(Math.max(...refusals))}   (budget: within 5 s)
  /oapi/itinerary/:id      p50 ${ms(percentile(during, 0.5))}   p95 ${ms(percentile(during, 0.95))} during the refusals (${during.length} reads)
                           p50 ${ms(percentile(quiet, 0.5))}   p95 ${ms(percentile(quiet, 0.95))} without a bomb (${quiet.length} reads)
  workerd RSS              ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB during the refusals (the whole process)
`;
