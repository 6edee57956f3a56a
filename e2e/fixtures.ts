import { appendFileSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type BrowserContext, type Page } from "@playwright/test";

/**
 * Every end-to-end test checks its screens with axe-core: call `expectAccessible(page)` where a screen (or an open
 * dialog) is worth a look, and every page still open when a context closes, or when the test ends, is checked too.
 */
// axe-core as @axe-core/playwright ships it. AxeBuilder evaluates its 0.5 MB twice in every frame at every check
// (~250 ms); expectAccessible puts it in a frame once, and the builder's own copy is a no-op.
const fromAxeBuilder = createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright"));
const axeSource = readFileSync(fromAxeBuilder.resolve("axe-core/axe.min.js"), "utf8");
const ALREADY_IN_PAGE = "void 0";

async function injectAxe(page: Page) {
  for (const frame of page.frames()) {
    const inject = async () => {
      if (!(await frame.evaluate(() => "axe" in window))) await frame.evaluate(axeSource);
    };
    // As AxeBuilder does: a frame that does not answer within a second (sandboxed, detached) is left out.
    await Promise.race([inject().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 1000))]);
  }
}

/** Each page's markup when axe last passed it: the same markup again (a test's end right after its last check) is not checked twice. */
const passedMarkup = new WeakMap<Page, string>();

export async function expectAccessible(page: Page, where = "") {
  if (page.isClosed() || page.url() === "about:blank") return;
  // The API reference at /docs is Scalar's own interface, not a screen of the product.
  if (new URL(page.url()).pathname.startsWith("/docs")) return;
  const markup = await page.evaluate(() => `${location.href}\n${document.documentElement.outerHTML}`).catch(() => null);
  if (markup !== null && passedMarkup.get(page) === markup) return;
  // Legacy mode runs axe in the page itself: the default opens a blank tab to finish, which an offline or closing
  // context refuses. Only violations are read, so axe gathers nothing else: every rule still runs and every violating
  // node is still listed, but the passes (thousands of nodes on a long page) are not serialized: half of axe's time.
  await injectAxe(page);
  // The screen as it stands once its transitions end: a button fading to its enabled colour is not a contrast failure.
  await page
    .evaluate(() => {
      for (const animation of document.getAnimations()) if (animation.effect?.getTiming().iterations !== Infinity) animation.finish();
    })
    .catch(() => undefined);
  const { violations } = await new AxeBuilder({ page, axeSource: ALREADY_IN_PAGE })
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] })
    .analyze();
  const found = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(" ")}  ${n.failureSummary?.split("\n")[1]?.trim() ?? ""}`).join("\n")}`,
  );
  if (process.env.AXE_REPORT) return appendFileSync(process.env.AXE_REPORT, found.map((f) => `${page.url()} ${where}\n${f}\n`).join(""));
  expect(found, `axe found violations on ${where || new URL(page.url()).pathname}`).toEqual([]);
  if (markup !== null) passedMarkup.set(page, markup);
}

async function checkContext(context: BrowserContext) {
  for (const page of context.pages()) await expectAccessible(page);
}

export const test = base.extend<{ axeAtEnd: void }, { axeOnClose: void }>({
  // Contexts a test opens itself (a phone, a second person) are checked as they close.
  axeOnClose: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const context = await newContext(...args);
        const close = context.close.bind(context);
        context.close = async (...closeArgs) => {
          await checkContext(context);
          return close(...closeArgs);
        };
        return context;
      };
      await use();
    },
    { scope: "worker", auto: true },
  ],
  // The test's own page, as the test leaves it.
  axeAtEnd: [
    async ({ context }, use, testInfo) => {
      await use();
      if (testInfo.status === testInfo.expectedStatus) await checkContext(context);
    },
    { auto: true },
  ],
});

export { expect };
