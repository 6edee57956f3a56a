import { png } from "./files";
import { expect, expectAccessible, test } from "./fixtures";
import { bearer, experienceViaApi, joinViaApi, registerViaApi, shot, signInAs } from "./support";

test.describe("social feed", () => {
  test("a guest on a phone posts a photo and the organiser's open feed shows it live; likes and comments follow; scrolling loads the next page", async ({
    page,
    request,
    browser,
  }) => {
    const organiser = await registerViaApi(request, "Nadia", "Farouk");
    const guest = await registerViaApi(request, "Leo", "Marin");
    const eventId = await experienceViaApi(request, organiser, { name: "Marrakech Summit" });
    await joinViaApi(request, eventId, guest);
    for (let i = 1; i <= 12; i++) {
      const response = await request.post(`/api/feeds/${eventId}`, {
        multipart: { title: `Programme note ${i}` },
        headers: bearer(organiser),
      });
      expect(response.status()).toBe(201);
    }

    await signInAs(page, organiser, `/experiences/${eventId}/social`);
    const posts = page.getByRole("list", { name: "Posts" }).getByRole("article");
    await expect(posts).toHaveCount(10);
    await expect(posts.first()).toContainText("Programme note 12");
    await posts.last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 5000);
    await expect(posts).toHaveCount(12);
    await expect(posts.last()).toContainText("Programme note 1");
    await expectAccessible(page, "the organiser's feed, scrolled to the oldest posts");

    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const guestPage = await phone.newPage();
    await signInAs(guestPage, guest, `/experiences/${eventId}/social`);
    const composer = guestPage.getByRole("form", { name: "New post" });
    await expect(composer.getByRole("button", { name: "Post" })).toBeDisabled();
    await expectAccessible(guestPage, "a guest's feed and composer on a phone");
    await composer.getByRole("textbox").fill("Hello from the venue!");
    await composer.getByLabel("Photo or video").setInputFiles(png("terrace.png"));
    await expect(composer.getByRole("img", { name: "Photo to post: terrace.png" })).toBeVisible();
    await expectAccessible(guestPage, "the composer with a photo");
    await composer.getByRole("button", { name: "Post" }).click();
    await expect(guestPage.getByText("Your post is live!")).toBeVisible();
    await expect(composer.getByRole("textbox")).toHaveValue("");
    await expectAccessible(guestPage, "the feed after posting");

    // The organiser, scrolled down to the oldest posts, is told rather than moved.
    await expect(page.getByRole("button", { name: "1 new post" })).toBeVisible();
    await expectAccessible(page, "the new-posts notice");
    await page.getByRole("button", { name: "1 new post" }).click();
    const guestPost = page.getByRole("article", { name: "Post by Leo Marin" });
    await expect(guestPost).toContainText("Hello from the venue!");
    const photo = guestPost.getByRole("img", { name: "Photo by Leo Marin" });
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    await expect(page.getByRole("form", { name: "New post" })).toBeInViewport();
    await shot(page, "social-1280");

    await guestPost.getByRole("button", { name: /^Like, 0 likes/ }).click();
    const seenByGuest = guestPage.getByRole("article", { name: "Post by Leo Marin" });
    await expect(seenByGuest.getByRole("button", { name: /^Like, 1 like$/ })).toBeVisible();

    await guestPost.getByRole("textbox", { name: "Write a comment" }).fill("Welcome, Leo!");
    await guestPost.getByRole("button", { name: "Send" }).click();
    await expect(seenByGuest).toContainText("Welcome, Leo!");
    await expectAccessible(page, "a post with a like and a comment");
    await expectAccessible(guestPage, "a post with a like and a comment on a phone");
    await shot(guestPage, "social-390");

    // A deploy drops every socket; what is posted meanwhile still reaches the page once it is back.
    expect((await request.post(`/dev/live/${eventId}/restart`)).ok()).toBe(true);
    const whileAway = await request.post(`/api/feeds/${eventId}`, {
      multipart: { title: "Posted while you were away" },
      headers: bearer(organiser),
    });
    expect(whileAway.status()).toBe(201);
    await expect(guestPage.getByRole("list", { name: "Posts" }).getByRole("article").first()).toContainText("Posted while you were away", {
      timeout: 20_000,
    });
    await phone.close();
  });
});
