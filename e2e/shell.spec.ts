import { expect, expectAccessible, test } from "./fixtures";
import { registerViaApi, shot, signInAs } from "./support";

test.describe("app shell", () => {
  test("shows 'You are offline. Some features may not be available.' until the connection returns, then 'You are back online.'", async ({
    page,
    context,
  }) => {
    await page.goto("/privacy-policy");
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
    await context.setOffline(true);
    const offline = page.getByText("You are offline. Some features may not be available.");
    await expect(offline).toBeVisible();
    await page.waitForTimeout(3000);
    await expect(offline).toBeVisible();
    await expectAccessible(page, "the offline toast over a legal page");

    // A page whose code has not been fetched yet says so in words, under the same toast.
    await page.getByRole("link", { name: "Experiences home" }).click();
    await expect(page.getByText("This page could not be loaded. Check your connection and try again.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
    await expect(offline).toBeVisible();
    await expectAccessible(page, "a page that could not be loaded");
    await context.setOffline(false);
    await expect(offline).toHaveCount(0);
    await expect(page.getByText("You are back online.")).toBeVisible();
  });

  test("offline, Login says the sign-in panel could not be loaded and the page stays; back online, Login opens the panel", async ({
    page,
    context,
  }) => {
    await page.goto("/");
    const hero = page.getByRole("heading", { level: 1, name: /Multi-day events/ });
    await expect(hero).toBeVisible();
    await context.setOffline(true);
    await expect(page.getByText("You are offline. Some features may not be available.")).toBeVisible();

    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByText("This page could not be loaded. Check your connection and try again.")).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(hero).toBeVisible();
    await shot(page, "shell-auth-panel-offline-1280");

    await context.setOffline(false);
    await expect(page.getByText("You are back online.")).toBeVisible();
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("dialog", { name: "Login" })).toBeVisible();
    await expectAccessible(page, "the sign-in panel after a failed first load");
  });

  test("redirects manage and manage/events to manage/experiences", async ({ page, request }) => {
    const account = await registerViaApi(request);
    await signInAs(page, account, "/manage");
    await expect(page).toHaveURL(/\/manage\/experiences/);
    await page.goto("/manage/events");
    await expect(page).toHaveURL(/\/manage\/experiences/);
    // The test ends on the page itself, not its loading spinner, which the checks at a test's end would read.
    await expect(page.getByRole("heading", { level: 1, name: "Your experiences" })).toBeVisible();
  });

  test("the signed-in drawer offers Home and Manage > Experiences, and the user menu Profile and Logout", async ({ page, request }) => {
    const account = await registerViaApi(request);
    await signInAs(page, account, "/profile");
    await page.getByRole("button", { name: "Open menu" }).click();
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Home" })).toBeVisible();
    await expectAccessible(page, "the open drawer");
    await nav.getByRole("link", { name: "Experiences" }).click();
    await expect(page).toHaveURL(/\/manage\/experiences/);

    await page.getByRole("button", { name: "User menu" }).click();
    await expect(page.getByRole("menuitem", { name: "Profile" })).toBeVisible();
    await expectAccessible(page, "the open user menu");
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
  });

  test("a signed-out visitor sees the landing page on any other path, with the sign-in panel open for the page they came for", async ({
    page,
  }) => {
    await page.goto("/manage/experiences");
    await expect(page.getByTestId("landing-section-hero")).toBeVisible();
    await expect(page.getByRole("dialog").getByRole("button", { name: "Login" })).toBeVisible();
    await expectAccessible(page, "the sign-in panel over the landing page");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
  });
});

test("the development mailbox shows the mail the app sent", async ({ page, request }) => {
  const account = await registerViaApi(request, "Mia", "Box");
  await page.goto("/dev/mailbox");
  await expect(page.getByRole("heading", { name: "Development mailbox" })).toBeVisible();
  await expect(page.getByText(`to ${account.email}`).first()).toBeVisible();
});

test("the app's static pages carry the security headers (CSP, nosniff, HSTS)", async ({ request }) => {
  const response = await request.get("/");
  expect(response.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  const csp = response.headers()["content-security-policy"]!;
  const connectSrc = csp.split("; ").find((directive) => directive.startsWith("connect-src "));
  expect(connectSrc).toMatch(/^connect-src 'self' wss:\/\/[^ ]+ https:\/\/accounts\.google\.com\/gsi\/$/);
  expect(response.headers()["x-content-type-options"]).toBe("nosniff");
  expect(response.headers()["strict-transport-security"]).toContain("max-age=");
});
