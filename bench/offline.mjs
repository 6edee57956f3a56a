// The offline measure (issue 24): a signed-in organiser's event page reloaded without a network (the service worker's
// shell, the itinerary from the query cache kept in IndexedDB) next to the same reload online, in Debian's Chromium.
// The time is from the reload's start to the itinerary's first activity on screen. Figures, not assertions.
import { chromium } from "@playwright/test";
import { createExperience } from "./experience.mjs";
import { organiserSession } from "./organiser.mjs";

const ROUNDS = 5;
const median = (samples) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)];

export async function offlineFigures({ url }) {
  const { auth, refreshToken } = await organiserSession(url);
  const start = Math.floor(Date.now() / 86_400_000) * 86_400_000 + 86_400_000;
  const id = await createExperience(url, auth, { name: "Offline bench", start, privacy: "PRIVATE", rsvpType: "INVITE_ONLY" });
  const event = await (await fetch(`${url}/api/events/${id}`, { headers: auth })).json();
  const activity = new FormData();
  const at = Date.parse(`${event.programs[0].date}T09:00:00Z`);
  Object.entries({
    name: "Coach to Sintra",
    description: "From the hotel",
    startIsoTime: new Date(at).toISOString(),
    endIsoTime: new Date(at + 3_600_000).toISOString(),
  }).forEach(([name, value]) => activity.append(name, value));
  await fetch(`${url}/api/events/${id}/programs/${event.programs[0].id}/activity`, { method: "POST", body: activity, headers: auth });

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
  });
  try {
    const context = await browser.newContext({ baseURL: url, viewport: { width: 390, height: 844 } });
    await context.addInitScript((token) => {
      if (!localStorage.getItem("cp.v1.refreshToken")) localStorage.setItem("cp.v1.refreshToken", JSON.stringify({ value: token }));
    }, refreshToken);
    const page = await context.newPage();
    const itinerary = page.getByText("Coach to Sintra").first();
    await page.goto(`/experiences/${id}/itinerary`);
    await itinerary.waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    // The persister writes within a second of the last change.
    await page.waitForTimeout(1_500);

    const reloads = async () => {
      const times = [];
      for (let round = 0; round < ROUNDS; round++) {
        const since = performance.now();
        await page.reload();
        await itinerary.waitFor();
        times.push(performance.now() - since);
      }
      return median(times);
    };
    const online = await reloads();
    await context.setOffline(true);
    const offline = await reloads();
    return { online, offline };
  } finally {
    await browser.close();
  }
}

export const offlineReport = ({ online, offline }) => `
Offline (an organiser's event page reloaded, to its first activity on screen; median of ${ROUNDS})
  online reload                  ${online.toFixed(0)} ms   (baseline)
  offline reload                 ${offline.toFixed(0)} ms   ratio ${(offline / online).toFixed(2)} (the service worker's shell, the kept itinerary)
`;
