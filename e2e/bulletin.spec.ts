import { pdf, png } from "./files";
import { expect, expectAccessible, test } from "./fixtures";
import { experienceViaApi, joinViaApi, registerViaApi, shot, signInAs } from "./support";

test.describe("bulletin", () => {
  test("a host posts a bulletin with an image and it appears live in a guest's open tab on a phone; the host deletes it after confirming", async ({
    page,
    request,
    browser,
  }) => {
    const owner = await registerViaApi(request, "Olga", "Berg");
    const guest = await registerViaApi(request, "Leo", "Marin");
    const eventId = await experienceViaApi(request, owner, { name: "Oslo Retreat", privacy: "PRIVATE" });
    await joinViaApi(request, eventId, guest);

    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const guestPage = await phone.newPage();
    await signInAs(guestPage, guest, `/experiences/${eventId}/bulletin`);
    await expect(guestPage.getByText("No bulletins yet")).toBeVisible();
    await expect(guestPage.getByRole("form", { name: "New bulletin" })).toHaveCount(0);
    await expectAccessible(guestPage, "a guest's empty bulletin on a phone");

    // The owner's view route is the guests' page; posting and deleting are in manage mode, one click away.
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInAs(page, owner, `/experiences/${eventId}/bulletin`);
    const preview = page.getByRole("region", { name: "Preview" });
    await expect(preview).toContainText("this is what guests see");
    await expect(page.getByText("News from the organisers will appear here.")).toBeVisible();
    await expectAccessible(page, "the owner's empty bulletin preview");
    await expect(page.getByRole("form", { name: "New bulletin" })).toHaveCount(0);
    await preview.getByRole("link", { name: "Edit" }).click();
    await expect(page).toHaveURL(new RegExp(`/manage/experiences/upcoming/${eventId}/bulletin$`));
    const post = page.getByRole("button", { name: "Post bulletin" });
    await expect(post).toBeDisabled();
    await expectAccessible(page, "the empty bulletin form in manage mode");
    await page.getByLabel("Title").fill("Shuttle to the lodge");
    await page.getByLabel("Description").fill("Buses leave at 9:00\nfrom the hotel lobby");
    await page.getByLabel("Image").setInputFiles([pdf("flyer.pdf")]);
    await expect(page.getByText("Only JPEG, PNG and GIF images can be posted")).toBeVisible();
    await expectAccessible(page, "the bulletin form refusing a PDF");
    await page.getByLabel("Image").setInputFiles([png("map.png")]);
    await expect(page.getByRole("img", { name: "Image to post: map.png" })).toBeVisible();
    await expectAccessible(page, "the bulletin form with an image");
    await post.click();
    await expect(page.getByText("Bulletin posted successfully")).toBeVisible();
    await expect(page.getByLabel("Title")).toHaveValue("");

    // No reload: the guest's open tab hears bulletin.changed and reads the list again.
    const bulletins = guestPage.getByRole("list", { name: "Bulletins" });
    await expect(bulletins.getByRole("heading", { name: "Shuttle to the lodge" })).toBeVisible();
    await expect(bulletins.getByText("Buses leave at 9:00")).toBeVisible();
    await expect(bulletins.getByRole("img", { name: "Image for Shuttle to the lodge" })).toBeVisible();
    await expectAccessible(guestPage, "a guest's bulletin list on a phone");
    await expect(guestPage.getByRole("button", { name: /^Delete bulletin/ })).toHaveCount(0);
    const overflow = await guestPage.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
    expect(overflow, "nothing wider than the phone").toBe(false);
    await shot(guestPage, "bulletin-guest-390", { fullPage: true });
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, "bulletin-host-1280", { fullPage: true });

    await page.goto(`/experiences/${eventId}/bulletin`);
    await expect(page.getByRole("list", { name: "Bulletins" }).getByRole("heading", { name: "Shuttle to the lodge" })).toBeVisible();
    await expect(
      page.getByRole("form", { name: "New bulletin" }).or(page.getByRole("button", { name: /^Delete bulletin/ })),
      "no organiser control in the preview",
    ).toHaveCount(0);
    await expectAccessible(page, "the bulletin preview with a post");
    await shot(page, "bulletin-preview-1280", { fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, "bulletin-preview-390", { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole("region", { name: "Preview" }).getByRole("link", { name: "Edit" }).click();

    await page.getByRole("button", { name: "Delete bulletin Shuttle to the lodge" }).click();
    await expect(page.getByRole("dialog").getByText("Are you sure you want to delete this bulletin?")).toBeVisible();
    await expectAccessible(page, "the delete-bulletin confirmation");
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("No bulletins yet")).toBeVisible();
    await expect(guestPage.getByText("No bulletins yet")).toBeVisible();
    await phone.close();
  });
});
