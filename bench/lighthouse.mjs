// The Lighthouse measures of npm run bench: mobile performance, accessibility, best practices and SEO of the
// landing page and of a public experience's share page (with an uploaded cover), against the local Worker, in
// Debian's Chromium. Figures, not assertions; each score, the LCP and the CLS are the median of RUNS runs (they vary
// from run to run).
// `node bench/lighthouse.mjs` runs it alone against a Worker of its own.
import { writeFileSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import sharp from "sharp";
import { createExperience } from "./experience.mjs";

const RUNS = 3;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const CHROMIUM_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
];

// The scores before issue 13's work (commit f90cfaf, this bench on this machine), printed next to each run's.
const BEFORE = {
  "/": { performance: 96, accessibility: 100, "best-practices": 96, seo: 91 },
  "/itinerary/:id": { performance: 73, accessibility: 100, "best-practices": 96, seo: 92 },
};

/** A photo-like 2400x1350 JPEG (noise over a gradient, so it compresses like a photograph). */
async function coverJpeg() {
  const width = 2400;
  const height = 1350;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    const x = i % width;
    const y = Math.floor(i / width);
    const noise = (Math.imul(i, 2654435761) >>> 24) / 4;
    pixels[i * 3] = (x / width) * 200 + noise;
    pixels[i * 3 + 1] = (y / height) * 160 + noise;
    pixels[i * 3 + 2] = 120 + noise;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A public experience of 3 days x 4 activities with an uploaded cover, as an organiser makes it; answers its id. */
export async function seedCoverExperience(url, auth) {
  const day = 86_400_000;
  const start = Math.floor(Date.now() / day) * day + 14 * day;
  const eventId = await createExperience(url, auth, { name: "Lisbon food and design weekend", start, days: 3 });
  const cover = new FormData();
  cover.append("file", new File([await coverJpeg()], "lisbon.jpg", { type: "image/jpeg" }));
  const uploaded = await fetch(`${url}/api/events/${eventId}/image`, { method: "POST", body: cover, headers: auth });
  if (!uploaded.ok) throw new Error(`cover upload: ${uploaded.status} ${await uploaded.text()}`);
  // Where it happens, as a share page shows it under the dates.
  const venue = { structuredFormat: { mainText: { text: "LX Factory" }, secondaryText: { text: "Rua Rodrigues de Faria 103, Lisboa" } } };
  await fetch(`${url}/api/events/${eventId}`, {
    method: "PUT",
    body: JSON.stringify({ venue }),
    headers: { ...auth, "Content-Type": "application/json" },
  });
  const event = await (await fetch(`${url}/api/events/${eventId}`, { headers: auth })).json();
  for (const program of event.programs) {
    for (let i = 0; i < 4; i++) {
      const f = new FormData();
      const t = Date.parse(`${program.date}T00:00:00Z`) + (9 + 2 * i) * 3_600_000;
      Object.entries({
        name: `Tasting stop ${i + 1}`,
        description: "Pastéis, petiscos and a walk through Alfama.",
        startIsoTime: new Date(t).toISOString(),
        endIsoTime: new Date(t + 5_400_000).toISOString(),
      }).forEach(([k, v]) => f.append(k, v));
      await fetch(`${url}/api/events/${eventId}/programs/${program.id}/activity`, { method: "POST", body: f, headers: auth });
    }
  }
  return eventId;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Each page's four scores (0-100) and the audits that cost points, from RUNS Lighthouse runs in one Chromium. */
export async function lighthouseFigures(url, pages) {
  const chrome = await chromeLauncher.launch({ chromePath: "/usr/bin/chromium", chromeFlags: CHROMIUM_FLAGS });
  try {
    const figures = {};
    for (const [label, path] of Object.entries(pages)) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(url + path, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: CATEGORIES });
        runs.push(result.lhr);
        // LIGHTHOUSE_REPORTS=<folder> keeps each run's full report, to read why an audit fails.
        if (process.env.LIGHTHOUSE_REPORTS)
          writeFileSync(`${process.env.LIGHTHOUSE_REPORTS}/${label.replace(/\W+/g, "_")}-${i}.json`, result.report);
      }
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, median(runs.map((lhr) => Math.round(lhr.categories[c].score * 100)))]));
      const last = runs[runs.length - 1];
      const failing = CATEGORIES.flatMap((c) =>
        last.categories[c].auditRefs
          .filter((ref) => ref.weight > 0 && last.audits[ref.id].score !== null && last.audits[ref.id].score < 0.9)
          .map((ref) => `${c}: ${ref.id} (${last.audits[ref.id].displayValue ?? last.audits[ref.id].score})`),
      );
      const lcp = median(runs.map((lhr) => lhr.audits["largest-contentful-paint"].numericValue));
      const cls = median(runs.map((lhr) => lhr.audits["cumulative-layout-shift"].numericValue));
      figures[label] = { scores, failing, lcp, cls };
    }
    return figures;
  } finally {
    chrome.kill();
  }
}

const show = (score) => (score === null || score === undefined ? "  -" : String(score).padStart(3));

export function lighthouseReport(figures) {
  const lines = Object.entries(figures).map(([label, { scores, failing, lcp, cls }]) => {
    const row = CATEGORIES.map((c) => `${c} ${show(BEFORE[label]?.[c])} -> ${show(scores[c])}`).join("   ");
    const below = failing.length ? `\n    below 90: ${failing.join("; ")}` : "";
    return `  ${label.padEnd(16)} ${row}   (LCP ${(lcp / 1000).toFixed(1)} s, simulated slow 4G; CLS ${cls.toFixed(3)}, budget <= 0.01)${below}`;
  });
  return `
Lighthouse, mobile (median of ${RUNS} runs; before -> now, budget >= 98 each)
${lines.join("\n")}
`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { rmSync } = await import("node:fs");
  const { freePort, migrateLocal, root, startWorker } = await import("../scripts/lib.mjs");
  const port = await freePort();
  const persistTo = `${root}.e2e-state/lighthouse-${port}`;
  rmSync(persistTo, { recursive: true, force: true });
  migrateLocal(persistTo);
  const { child, url } = await startWorker({ port, persistTo });
  try {
    const { organiserAuth } = await import("./organiser.mjs");
    const auth = await organiserAuth(url);
    const id = await seedCoverExperience(url, auth);
    console.log(lighthouseReport(await lighthouseFigures(url, { "/": "/", "/itinerary/:id": `/itinerary/${id}` })));
  } finally {
    child.kill();
    rmSync(persistTo, { recursive: true, force: true });
  }
}
