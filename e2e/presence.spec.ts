import { expect, expectAccessible, test } from "./fixtures";
import { activityViaApi, experienceViaApi, firstDay, hostViaApi, joinViaApi, registerViaApi, shot, signInAs } from "./support";

test.describe("presence", () => {
  test("the owner and a host on the same experience see each other, and the owner sees 'Hal Cohost is editing' on the card the host opened", async ({
    page,
    request,
    browser,
  }) => {
    const owner = await registerViaApi(request, "Olga", "Berg");
    const host = await registerViaApi(request, "Hal", "Cohost");
    const eventId = await experienceViaApi(request, owner, { name: "Oslo Retreat" });
    await joinViaApi(request, eventId, host);
    await hostViaApi(request, eventId, owner, host);
    const day = await firstDay(request, eventId);
    await activityViaApi(request, owner, eventId, day, {
      name: "Fjord walk",
      description: "Along the water",
      start: "09:00",
      end: "11:00",
    });
    const managed = `/manage/experiences/upcoming/${eventId}/itinerary`;

    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAs(page, owner, managed);
    const phone = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const hostPage = await phone.newPage();
    await signInAs(hostPage, host, managed);

    // Each sees the other in the header's presence strip, named on focus.
    const ownerStrip = page.getByTestId("presence-strip");
    await expect(ownerStrip).toContainText("1 other viewing");
    await expect(ownerStrip.getByRole("list", { name: "Organisers here" }).getByLabel("Hal Cohost")).toBeVisible();
    const hostStrip = hostPage.getByTestId("presence-strip");
    await expect(hostStrip).toContainText("1 other viewing");
    await hostStrip.getByLabel("Olga Berg").focus();
    await expect(hostStrip.getByRole("tooltip")).toBeVisible();

    // The host opens the activity on their phone; the owner's card says so, live.
    await hostPage
      .getByRole("region", { name: "Days" })
      .getByRole("button", { name: /^Day 1 ·/ })
      .click();
    await hostPage
      .getByRole("region", { name: "Activities" })
      .getByRole("button", { name: /Fjord walk/ })
      .click();
    await expect(hostPage.getByRole("region", { name: "Activity details" }).getByLabel("Activity name")).toHaveValue("Fjord walk");
    const card = page.getByRole("region", { name: "Activities" }).getByRole("button", { name: /Fjord walk/ });
    await expect(card).toContainText("Hal Cohost is editing");
    await expect(ownerStrip.getByLabel("Hal Cohost (editing)")).toBeVisible();
    await expectAccessible(page, "the owner's itinerary with a host editing");
    await shot(page, "presence-owner-1280");
    await hostPage.evaluate(() => window.scrollTo(0, 0));
    await shot(hostPage, "presence-host-360", { fullPage: true });

    // The host leaves: the owner's page drops them within seconds.
    await phone.close();
    await expect(ownerStrip).not.toContainText("viewing");
    await expect(card).not.toContainText("is editing");
  });
});
