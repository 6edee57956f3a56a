import { png } from "./files";
import { expect, expectAccessible, test } from "./fixtures";
import { experienceViaApi, isoDate, registerViaApi, shot, signInAs } from "./support";

test.describe("experiences", () => {
  test("an organiser creates, renames, shares, clones and deletes an experience", async ({ page, request, context, browser }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const account = await registerViaApi(request, "Ines", "Costa");
    await signInAs(page, account, "/manage/experiences");
    await expect(page.getByText("You do not have any ongoing events.")).toBeVisible();
    await expectAccessible(page, "an empty manage page");

    await page.getByRole("button", { name: "Experience", exact: true }).click();
    const modal = page.getByRole("dialog", { name: "New Experience" });
    await modal.getByRole("button", { name: "Create" }).click();
    await expect(modal.getByText("Name is required")).toBeVisible();
    await expectAccessible(page, "New Experience with 'Name is required'");
    await modal.getByLabel("Name").fill("Porto Wine Weekend");
    await modal.getByLabel("Start date").fill(isoDate(10));
    await expect(modal.getByLabel("End date")).toHaveValue(isoDate(10));
    await modal.getByLabel("End date").fill(isoDate(12));
    await expect(modal.getByLabel("Prompt")).toHaveValue(
      /^Generate itinerary from the attached content\. The experience starts on .+ and it ends on .+\.$/,
    );
    await modal.getByLabel("AI mode").uncheck();
    await modal.getByLabel("Cover image (optional)").setInputFiles(png("porto.png"));
    await expectAccessible(page, "New Experience filled in, without AI");
    await modal.getByRole("button", { name: "Create" }).click();

    await expect(page.getByText("Experience Created")).toBeVisible();
    await expect(page).toHaveURL(/\/manage\/experiences\/upcoming\/[\w-]+\/itinerary$/);
    await expect(page.getByRole("heading", { level: 1, name: "Porto Wine Weekend" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Manage›Experiences›Upcoming›Porto Wine Weekend");
    await expect(page.getByRole("region", { name: "Days" }).getByRole("listitem")).toHaveCount(3);
    const eventUrl = page.url();
    await expectAccessible(page, "the new experience's itinerary in manage mode");
    const eventId = /upcoming\/([\w-]+)\//.exec(eventUrl)![1]!;

    await page.getByRole("link", { name: "Upcoming" }).click();
    await expect(page.getByRole("tab", { name: /Upcoming\s*1/ })).toBeVisible();
    await expect(page.getByTestId("event-card")).toHaveCount(1);
    await expectAccessible(page, "the upcoming experiences");
    await page.getByTestId("event-card").click();
    await expect(page).toHaveURL(new RegExp(`/manage/experiences/upcoming/${eventId}/itinerary$`));

    await page.getByRole("button", { name: "Settings" }).click();
    const settings = page.getByRole("dialog", { name: "Experience Settings" });
    await settings.getByLabel("Name").fill("Porto Wine & Food Weekend");
    await settings.getByLabel("Name").press("Enter");
    await expect(page.getByText("Event updated successfully.")).toBeVisible();
    await settings.getByLabel("Private").check();
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Porto Wine & Food Weekend [ Private ]");
    await expectAccessible(page, "the Experience Settings dialog");
    await settings.getByRole("button", { name: "Close" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Porto Wine & Food Weekend" })).toBeVisible();

    await page.getByRole("button", { name: "Share" }).click();
    const share = page.getByRole("dialog", { name: "Share" });
    await expect(share.getByTestId("share-qr")).toBeVisible();
    await expectAccessible(page, "the Share dialog");
    await share.getByRole("button", { name: "Copy" }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/itinerary/${eventId}$`));
    const download = page.waitForEvent("download");
    await share.getByRole("button", { name: "Download QR code" }).click();
    expect((await download).suggestedFilename()).toBe("qrcode.png");
    await share.getByRole("button", { name: "Close" }).click();

    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const visitor = await phone.newPage();
    await visitor.goto(`/itinerary/${eventId}`);
    await expect(visitor.getByRole("heading", { level: 1, name: "Porto Wine & Food Weekend" })).toBeVisible();
    await expect(visitor.getByText("Day 1 ·").first()).toBeVisible();
    await expectAccessible(visitor, "the public itinerary on a phone");
    await shot(visitor, "public-itinerary-390");
    const html = await (await visitor.request.get(`/itinerary/${eventId}`)).text();
    expect(html).toContain('property="og:title" content="Porto Wine &amp; Food Weekend');
    await phone.close();

    await page.getByRole("button", { name: "Clone" }).click();
    const clone = page.getByRole("dialog", { name: "Clone experience" });
    await clone.getByLabel("Start date").fill(isoDate(30));
    await expectAccessible(page, "the Clone dialog");
    await clone.getByRole("button", { name: "Clone" }).click();
    await expect(page.getByText("Event cloned successfully")).toBeVisible();
    await expect(page).not.toHaveURL(new RegExp(eventId));
    await expect(page.getByRole("heading", { level: 1, name: "Porto Wine & Food Weekend" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Days" }).getByRole("listitem")).toHaveCount(3);

    await page.getByRole("button", { name: "Settings" }).click();
    await page.getByRole("button", { name: "Delete experience" }).click();
    await expect(page.getByText("Are you sure you want to delete this event?")).toBeVisible();
    await expectAccessible(page, "the delete-experience confirmation");
    await page.getByRole("dialog", { name: "Please confirm" }).getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Event deleted successfully")).toBeVisible();
    await expect(page).toHaveURL(/\/manage\/experiences\/upcoming$/);
    await expect(page.getByRole("tab", { name: /Upcoming\s*1/ })).toBeVisible();
  });

  test("an organiser previews the guests' page, then edits text and the cover and manages days in manage mode", async ({
    page,
    request,
  }) => {
    const owner = await registerViaApi(request, "Lea", "Moreau");
    const eventId = await experienceViaApi(request, owner, { name: "Alps Retreat" });
    await signInAs(page, owner, `/experiences/${eventId}/itinerary`);

    await expect(page.getByText("Preview — this is what guests see")).toBeVisible();
    await expect(page.getByLabel("Day name")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Add Activity" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Cover image" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Settings" })).toHaveCount(0);
    await expectAccessible(page, "the owner's preview");

    await page.getByRole("link", { name: "Edit" }).click();
    await expect(page).toHaveURL(new RegExp(`/manage/experiences/upcoming/${eventId}/itinerary$`));
    await expect(page.getByLabel("Day name").first()).toHaveValue("Day 1");
    await page.getByLabel("Day name").first().fill("Arrival in Chamonix");
    await page.getByLabel("Day name").first().press("Enter");
    await expect(page.getByText("Day updated successfully")).toBeVisible();
    await expect(page.getByRole("button", { name: "Delete Arrival in Chamonix" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Add Activity" }).first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Settings" })).toBeVisible();
    await expectAccessible(page, "the itinerary in manage mode");

    // The linked picture's host is a third party: answered here, at the network's edge.
    await page.route("https://images.example.com/**", (route) =>
      route.fulfill({ contentType: "image/png", body: png("mont-blanc.png").buffer }),
    );
    await page.getByRole("button", { name: "Cover image" }).click();
    const picker = page.getByRole("dialog", { name: "Cover image" });
    await expect(picker).toBeVisible();
    await expectAccessible(page, "the cover image picker");
    await picker.getByRole("tab", { name: "Link" }).click();
    await picker.getByLabel("Image link").fill("https://images.example.com/mont-blanc.jpg");
    await expectAccessible(page, "the cover image picker's Link tab");
    await picker.getByRole("button", { name: "Use this image" }).click();
    await expect(page.getByText("Image uploaded successfully")).toBeVisible();
    await expect(page.locator('header img[src="https://images.example.com/mont-blanc.jpg"]')).toHaveCount(1);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", "https://images.example.com/mont-blanc.jpg");
  });

  test("a guest sees the itinerary read-only with the participant tabs and no settings", async ({ page, request }) => {
    const owner = await registerViaApi(request, "Omar", "Said");
    const eventId = await experienceViaApi(request, owner, { name: "Team Offsite" });
    const stranger = await registerViaApi(request, "Sara", "Lind");
    await signInAs(page, stranger, `/experiences/${eventId}/feedback`);
    await expect(page).toHaveURL(new RegExp(`/experiences/${eventId}/itinerary$`));
    const tabs = page.getByRole("navigation", { name: "Experience sections" });
    await expect(tabs.getByRole("link")).toHaveText(["Itinerary", "Social"]);
    await expect(page.getByRole("button", { name: "Settings" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Clone" })).toHaveCount(0);
    await expectAccessible(page, "a stranger's read-only itinerary");

    await page.goto(`/experiences/${crypto.randomUUID()}/itinerary`);
    await expect(page.getByText("Event not found")).toBeVisible();
    await expectAccessible(page, "'Event not found'");
  });
});
