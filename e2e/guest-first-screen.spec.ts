import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { activityViaApi, bearer, firstDay, hostViaApi, joinViaApi, registerViaApi, shot, signInAs, type Account } from "./support";

// Issue "The guest's first minute": on a phone, the event page's first screen shows what is next (its time with its zone,
// its place, a way to open it) above the fold, every tab can be reached, and the hosts are named; on a desktop too.

const PHONE = { width: 390, height: 844 };
const SMALL_PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const DESCRIPTION =
  "Three days of food, temples and neon: we meet at the hotel, walk the old streets of Asakusa, eat our way through Tsukiji and end on a rooftop above Shibuya with the whole group.";
const GUEST_TABS = ["Itinerary", "Social", "Attendees", "Documents", "Bulletin"];

/** Tomorrow's date in Tokyo (YYYY-MM-DD): the experience starts soon, on a clock other than the browser's (Los Angeles). */
const tokyoTomorrow = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Tokyo" }).format(Date.now() + 86_400_000);
const dayAfter = (date: string, days = 1) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

interface Trip {
  id: string;
  owner: Account;
  cohost: Account;
  guest: Account;
}

/** A three-day Tokyo experience from tomorrow, with a breakfast and a walk on its first day, a co-host and a guest. */
async function tokyoTrip(request: APIRequestContext): Promise<Trip> {
  const [owner, cohost, guest] = await Promise.all([
    registerViaApi(request, "Olivia", "Owner"),
    registerViaApi(request, "Cole", "Cohost"),
    registerViaApi(request, "Gina", "Guest"),
  ]);
  const first = tokyoTomorrow();
  const created = await request.post("/api/events", {
    multipart: {
      name: "Tokyo in three days",
      startIsoTime: first,
      endIsoTime: dayAfter(first, 3),
      timeZone: "Asia/Tokyo",
      privacy: "PUBLIC",
      rsvpType: "OPEN",
      isAIMode: "false",
    },
    headers: bearer(owner),
  });
  expect(created.ok()).toBe(true);
  const { id } = (await created.json()) as { id: string };
  expect((await request.put(`/api/events/${id}`, { data: { description: DESCRIPTION }, headers: bearer(owner) })).ok()).toBe(true);
  const day = await firstDay(request, id);
  for (const [name, start, end, location] of [
    ["Welcome breakfast", "09:00", "10:00", "Hotel lobby, Shibuya"],
    ["Asakusa walk", "11:00", "13:00", "Sensō-ji"],
  ] as const) {
    await activityViaApi(request, owner, id, day, { name, description: `${name}, all together`, start, end, location });
  }
  await joinViaApi(request, id, cohost);
  await hostViaApi(request, id, owner, cohost);
  await joinViaApi(request, id, guest);
  return { id, owner, cohost, guest };
}

/** The element lies wholly inside the viewport as the page opens (nothing scrolled). */
async function expectAboveTheFold(page: Page, locator: Locator, what: string) {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box, `${what} has a box`).not.toBeNull();
  expect(box!.y, `${what} starts on the first screen`).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, `${what} ends on the first screen`).toBeLessThanOrEqual(viewport.height);
}

const nextUp = (page: Page) => page.getByRole("region", { name: "Next up" });
const sections = (page: Page) => page.getByRole("navigation", { name: "Experience sections" });

/** Every tab is there, and each can be brought into view within the tab bar (by swiping or by Tab), never cut off. */
async function expectEveryTabReachable(page: Page, tabs: string[]) {
  const links = sections(page).getByRole("link");
  await expect(links).toHaveText(tabs);
  for (const name of tabs) {
    const link = sections(page).getByRole("link", { name, exact: true });
    await link.scrollIntoViewIfNeeded();
    await expect(link).toBeInViewport({ ratio: 0.95 });
  }
}

test.describe("a guest's first screen", () => {
  for (const phone of [PHONE, SMALL_PHONE]) {
    test(`on a ${phone.width} px phone shows the next activity above the fold, every tab and the hosts`, async ({ page, request }) => {
      const trip = await tokyoTrip(request);
      await page.setViewportSize(phone);
      await signInAs(page, trip.guest, `/experiences/${trip.id}/itinerary`);

      const card = nextUp(page);
      await expect(card).toContainText("Welcome breakfast");
      await expect(card).toContainText(/Day 1 · .+ · 09:00 AM – 10:00 AM Tokyo time/);
      await expect(card).toContainText("Hotel lobby, Shibuya");
      await expectAboveTheFold(page, card, "the 'Next up' card");
      await expectAboveTheFold(page, card.getByRole("link", { name: "Open in the itinerary" }), "its link");
      await expect(page.getByText("Hosted by Olivia Owner and Cole Cohost")).toBeVisible();
      await shot(page, `guest-first-screen-${phone.width}`);

      // On a phone the tab row wraps (docs/web-and-accessibility.md): every tab is in view at once, none scrolled away.
      for (const name of GUEST_TABS) {
        const box = (await sections(page).getByRole("link", { name, exact: true }).boundingBox())!;
        expect(box.x, name).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, name).toBeLessThanOrEqual(phone.width);
      }
      await expect(page.locator("[data-scroll-arrow]")).toHaveCount(0);
      await expectEveryTabReachable(page, GUEST_TABS);

      // The keyboard reaches each tab too, and a focused tab is scrolled into view.
      await page.reload();
      await sections(page).getByRole("link", { name: "Itinerary" }).focus();
      for (const name of GUEST_TABS.slice(1)) {
        await page.keyboard.press("Tab");
        const link = sections(page).getByRole("link", { name, exact: true });
        await expect(link).toBeFocused();
        await expect(link).toBeInViewport({ ratio: 0.95 });
      }

      // 'Open' brings the activity's details into view, on the itinerary.
      await page.getByRole("link", { name: "Open in the itinerary" }).click();
      const details = page.getByRole("region", { name: "Activity details" });
      await expect(details.getByRole("heading", { name: "Welcome breakfast" })).toBeInViewport();
      await expect(details.getByRole("heading", { level: 2 })).toBeFocused();
    });
  }

  test("on a desktop shows the next activity and the tabs on the first screen, every tab in sight", async ({ page, request }) => {
    const trip = await tokyoTrip(request);
    await page.setViewportSize(DESKTOP);
    await signInAs(page, trip.guest, `/experiences/${trip.id}/itinerary`);
    await expect(nextUp(page)).toContainText("Welcome breakfast");
    await expectAboveTheFold(page, nextUp(page), "the 'Next up' card");
    await expect(page.getByText("Hosted by Olivia Owner and Cole Cohost")).toBeVisible();
    for (const name of GUEST_TABS) await expect(sections(page).getByRole("link", { name, exact: true })).toBeInViewport({ ratio: 0.95 });
    await expect(page.locator("[data-scroll-arrow]")).toHaveCount(0);
    await shot(page, "guest-first-screen-desktop");
  });

  test("the share page names the hosts and shows what is next, and a new co-host appears without a reload", async ({ page, request }) => {
    const trip = await tokyoTrip(request);
    await page.setViewportSize(PHONE);
    await page.goto(`/itinerary/${trip.id}`);
    await expect(page.getByText("Hosted by Olivia Owner and Cole Cohost")).toBeVisible();
    await expect(nextUp(page)).toContainText("Welcome breakfast");
    await shot(page, "guest-first-screen-share");

    // The owner makes the guest a co-host: the open share page hears of it and names her.
    await hostViaApi(request, trip.id, trip.owner, trip.guest);
    await expect(page.getByText("Hosted by Olivia Owner, Cole Cohost and Gina Guest")).toBeVisible();

    await nextUp(page).getByRole("link", { name: "Open in the itinerary" }).click();
    await expect(
      page.getByRole("region", { name: "Activity details" }).getByRole("heading", { name: "Welcome breakfast" }),
    ).toBeInViewport();
  });
});
