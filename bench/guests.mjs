// The guest measures of npm run bench: the .xlsx import of 10,000 rows (time, and workerd's resident memory
// sampled while it runs) and the RSVP list of an experience with 2,000 guests, seeded through the import.
import { readFileSync, readdirSync } from "node:fs";
import { writeSheet } from "../worker/lib/xlsx/write-sheet.ts";
import { guestRows } from "../worker/test/guest-rows.ts";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The workerd processes under this process id (wrangler dev runs the Worker in a workerd child). */
export function workerdPids(pid) {
  const children = readdirSync("/proc")
    .filter((p) => /^\d+$/.test(p))
    .map((p) => {
      try {
        const stat = readFileSync(`/proc/${p}/stat`, "utf8");
        return {
          pid: Number(p),
          ppid: Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]),
          name: stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")),
        };
      } catch {
        return null;
      }
    })
    .filter(Boolean);
  const found = [];
  const walk = (parent) =>
    children.filter((c) => c.ppid === parent).forEach((c) => (c.name === "workerd" ? found.push(c.pid) : walk(c.pid)));
  walk(pid);
  return found;
}

export const rssMb = (pids) =>
  pids.reduce((sum, pid) => sum + Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0), 0) / 1024;

export async function upload(url, auth, eventId, bytes, name = "guests.xlsx") {
  const form = new FormData();
  form.append("file", new File([bytes], name, { type: XLSX_TYPE }));
  form.append("eventId", eventId);
  form.append("selfInvited", "false");
  const response = await fetch(`${url}/api/rsvp/upload`, { method: "POST", body: form, headers: auth });
  if (response.status !== 201) throw new Error(`upload: ${response.status} ${await response.text()}`);
  return response.json();
}

/** Imports `rows` guests, sampling workerd's RSS every 10 ms from before the request until after its answer. */
export async function timedImport({ url, auth, eventId, workerPid, rows }) {
  const bytes = writeSheet(guestRows(rows));
  const pids = workerdPids(workerPid);
  const before = pids.length ? rssMb(pids) : NaN;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pids))), 10);
  const started = performance.now();
  const report = await upload(url, auth, eventId, bytes);
  const ms = performance.now() - started;
  clearInterval(sampler);
  if (report.invited !== rows) throw new Error(`import invited ${report.invited} of ${rows}`);
  return { ms, fileKb: bytes.length / 1024, before, peak };
}

/** The served template, imported as an organiser would: one invited guest, its example row. */
export async function templateRoundTrip(url, auth, eventId) {
  const response = await fetch(`${url}/templates/guest-list-template.xlsx`);
  if (!response.ok) throw new Error(`template: ${response.status}`);
  const report = await upload(url, auth, eventId, new Uint8Array(await response.arrayBuffer()), "guest-list-template.xlsx");
  if (report.rows.length !== 1 || report.rows[0].email !== "jane.doe@example.com")
    throw new Error(`template read as ${JSON.stringify(report.rows)}`);
  return response.headers.get("Content-Type");
}

/** p50 and p95 of `count` sequential GETs. */
export async function latency(url, path, headers = {}, count = 40) {
  const times = [];
  for (let i = 0; i < count + 5; i++) {
    const started = performance.now();
    const response = await fetch(url + path, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    if (i >= 5) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(0.5 * count)], p95: times[Math.min(count - 1, Math.floor(0.95 * count))] };
}
