import { expect, test } from "./fixtures";
import { activityViaApi, experienceViaApi, firstDay, hostViaApi, joinViaApi, registerViaApi, shot, signInAs } from "./support";

// Issue 36's small layout defects, seen on a 360 px phone: nothing the guest's first screen shows is cut off at its
// edge, overlapping faces keep their initials whole, and the sticky top bar hides what scrolls under it.

const NAME = "Guided walk through the old town with lunch at the market";

test("at 360 px a guest's first screen cuts off no tab and no 'Next up', the faces keep their initials, and the top bar is opaque", async ({
  page,
  request,
}) => {
  const owner = await registerViaApi(request, "Wanda", "Maximoff");
  const [cohost, guest] = [await registerViaApi(request, "Mona", "Williams"), await registerViaApi(request, "Gus", "Guest")];
  const id = await experienceViaApi(request, owner, { name: "Lisbon weekend", privacy: "PUBLIC", days: 2, startsIn: 1 });
  await activityViaApi(request, owner, id, await firstDay(request, id), {
    name: NAME,
    description: "All together",
    start: "10:00",
    end: "12:00",
  });
  await joinViaApi(request, id, cohost);
  await hostViaApi(request, id, owner, cohost);
  await joinViaApi(request, id, guest);
  await page.setViewportSize({ width: 360, height: 780 });
  await signInAs(page, guest, `/experiences/${id}/itinerary`);

  const tabs = page.getByRole("navigation", { name: "Experience sections" }).getByRole("link");
  await expect(tabs.first()).toBeVisible();
  for (const tab of await tabs.all()) {
    const box = (await tab.boundingBox())!;
    const label = (await tab.textContent()) ?? "";
    expect(box.x, label).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, label).toBeLessThanOrEqual(360);
  }

  const nextUp = page.getByRole("region", { name: /^(Next up|Happening now)$/ });
  const name = nextUp.getByText(NAME);
  await expect(name).toBeVisible();
  expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight)).toBe(true);

  // Each face's initials stay clear of the next face overlapping it, and of that face's 2 px ring.
  const initials = page.locator('[class*="-space-x-"] > span[aria-hidden].rounded-full').filter({ hasText: /^[A-Z]{1,2}$/ });
  await expect(initials.first()).toBeVisible();
  let overlapping = 0;
  for (const face of await initials.all()) {
    const clear = await face.evaluate((el) => {
      const next = el.nextElementSibling;
      if (!next) return null;
      const range = document.createRange();
      range.selectNodeContents(el);
      return range.getBoundingClientRect().right <= next.getBoundingClientRect().left - 2;
    });
    if (clear === null) continue;
    overlapping++;
    expect(clear, (await face.textContent()) ?? "").toBe(true);
  }
  expect(overlapping).toBeGreaterThan(0);

  const bar = await page
    .locator("header")
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(bar).toBe("rgb(255, 255, 255)");
  await shot(page, "phone-details-360", { fullPage: true });
});
