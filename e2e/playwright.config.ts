import { defineConfig, devices } from "@playwright/test";

// e2e/run.mjs picks a free port and passes it here; the server is `wrangler dev` with a fresh local state.
const port = Number(process.env.E2E_PORT ?? 8788);
export const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: ".",
  testMatch: "**/*.spec.ts",
  outputDir: "artifacts",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 3,
  // One retry in CI so a machine hiccup does not sink a run; the list reporter still names any test that needed it.
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  use: {
    baseURL,
    timezoneId: process.env.E2E_TIME_ZONE ?? "America/Los_Angeles",
    // Recording a trace costs every test CPU (DOM snapshots at each step): only the retry of a failed test records one.
    trace: "on-first-retry",
    // The app's service worker (precache, offline shell) is tried by the specs about it (offline-shell, notifications:
    // test.use({ serviceWorkers: "allow" })); elsewhere the page loads from the network, where page.route sees it.
    serviceWorkers: "block",
    // Screens are checked by axe as they stand, not halfway through a transition.
    contextOptions: { reducedMotion: "reduce" },
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--disable-dev-shm-usage",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: `node e2e/serve.mjs ${port}`,
    cwd: "..",
    url: `${baseURL}/oapi/config`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
  },
});
