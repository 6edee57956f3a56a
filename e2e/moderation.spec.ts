import { expect, expectAccessible, test } from "./fixtures";
import { bearer, experienceViaApi, joinViaApi, registerViaApi, signInAs } from "./support";

test.describe("feed moderation", () => {
  test("a guest reports a post, and when the host hides it the guest's open page drops it live", async ({ page, request, browser }) => {
    const host = await registerViaApi(request, "Nadia", "Farouk");
    const guest = await registerViaApi(request, "Leo", "Marin");
    const spammer = await registerViaApi(request, "Pia", "Vance");
    const eventId = await experienceViaApi(request, host, { name: "Lisbon Offsite" });
    await joinViaApi(request, eventId, guest);
    await joinViaApi(request, eventId, spammer);
    const posted = await request.post(`/api/feeds/${eventId}`, { multipart: { title: "Cheap watches, DM me" }, headers: bearer(spammer) });
    expect(posted.status()).toBe(201);

    const phone = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const guestPage = await phone.newPage();
    await signInAs(guestPage, guest, `/experiences/${eventId}/social`);
    const seenByGuest = guestPage.getByRole("article", { name: "Post by Pia Vance" });
    await expect(seenByGuest).toContainText("Cheap watches, DM me");
    await seenByGuest.getByRole("button", { name: "Post options" }).click();
    await guestPage.getByRole("menuitem", { name: "Report" }).click();
    const dialog = guestPage.getByRole("dialog", { name: "Report post" });
    await expect(dialog.getByRole("textbox", { name: "Why are you reporting this?" })).toBeFocused();
    await guestPage.keyboard.type("Spam");
    await expectAccessible(guestPage, "the report dialog on a phone");
    await dialog.getByRole("button", { name: "Send report" }).click();
    await expect(guestPage.getByText("Thanks. The organisers will look at your report.")).toBeVisible();

    // Moderation is manage mode's: the view route is the organiser's preview of the guests' page.
    await signInAs(page, host, `/manage/experiences/upcoming/${eventId}/social`);
    const reported = page.getByRole("region", { name: "Reported" });
    await expect(reported.getByLabel("1 reported")).toBeVisible();
    const seenByHost = page.getByRole("article", { name: "Post by Pia Vance" });
    await seenByHost.getByRole("button", { name: "Post options" }).click();
    await page.getByRole("menuitem", { name: "Hide from guests" }).click();
    await expect(seenByHost.getByText("Hidden from guests")).toBeVisible();
    await expect(seenByGuest).toHaveCount(0);

    await reported.getByRole("button", { name: /Reported/ }).click();
    await expect(reported).toContainText("Spam");
    await expectAccessible(page, "the host's feed with a hidden post and the 'Reported' list");
    await phone.close();
  });
});
