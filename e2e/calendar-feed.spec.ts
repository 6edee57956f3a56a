import ICAL from "ical.js";
import { expect, expectAccessible, test } from "./fixtures";
import { experienceViaApi, joinViaApi, registerViaApi, signInAs } from "./support";

// Issue 24: 'Subscribe to calendar' on a 360 px phone: the webcal link, 'Copy link' and the feed behind it (read by
// ical.js), and 'Reset the link', after which the old link answers nothing.

test.use({ viewport: { width: 360, height: 740 } });

/** The feed's path: the URL names the app's configured origin, the test server answers at its own. */
const pathOf = (url: string) => new URL(url).pathname;

test("a guest subscribes to their calendar, copies the link and resets it", async ({ page, request, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const owner = await registerViaApi(request, "Olga", "Reis");
  const guest = await registerViaApi(request, "Gus", "Lima");
  const eventId = await experienceViaApi(request, owner, { name: "Douro Valley Weekend" });
  await joinViaApi(request, eventId, guest);

  await signInAs(page, guest, `/experiences/${eventId}/itinerary`);
  await page.getByRole("button", { name: "Subscribe to calendar" }).click();
  const dialog = page.getByRole("dialog", { name: "Subscribe to calendar" });
  const open = dialog.getByRole("link", { name: "Open in your calendar app" });
  await expect(open).toHaveAttribute("href", /^webcal:\/\/.+\/oapi\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  const url = await dialog.getByRole("textbox", { name: "Calendar link" }).inputValue();
  expect((await open.getAttribute("href"))!.replace(/^webcal:/, "")).toBe(url.replace(/^https?:/, ""));
  await expectAccessible(page, "the 'Subscribe to calendar' dialog");

  await dialog.getByRole("button", { name: "Copy link" }).click();
  await expect(page.getByText("Link copied to clipboard")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

  const feed = await request.get(pathOf(url));
  expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  const summaries = new ICAL.Component(ICAL.parse(await feed.text()))
    .getAllSubcomponents("vevent")
    .map((component) => new ICAL.Event(component).summary);
  expect(summaries).toEqual(["Douro Valley Weekend"]);

  await dialog.getByRole("button", { name: "Reset the link" }).click();
  await page.getByRole("dialog", { name: "Reset the link?" }).getByRole("button", { name: "Reset the link" }).click();
  await expect(page.getByText("New link made: the old one no longer works")).toBeVisible();
  await expect(dialog.getByRole("textbox", { name: "Calendar link" })).not.toHaveValue(url);
  const fresh = await dialog.getByRole("textbox", { name: "Calendar link" }).inputValue();
  expect((await request.get(pathOf(url))).status()).toBe(404);
  expect((await request.get(pathOf(fresh))).status()).toBe(200);
});
