import { expect, expectAccessible, test } from "./fixtures";

const PAGES = [
  { path: "/privacy-policy", title: "Privacy Policy" },
  { path: "/terms-of-service", title: "Terms of Service" },
  { path: "/contact-us", title: "Contact Us" },
];

test.describe("legal pages", () => {
  for (const { path, title } of PAGES) {
    test(`${title} shows its title, 'Last updated Mar 30th 2024' and a header linking home`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expect(page.getByText("Last updated Mar 30th 2024")).toBeVisible();
      await expectAccessible(page, title);
      await page.locator("header").getByRole("link").first().click();
      await expect(page).toHaveURL(/\/$/);
    });
  }

  test("the contact page lists the legal entity, a Bangalore address, a telephone and the support e-mail", async ({ page }) => {
    await page.goto("/contact-us");
    await expect(page.getByText("Experiences Technologies Private Limited").first()).toBeVisible();
    await expect(page.getByText(/Bangalore/).first()).toBeVisible();
    await expect(page.locator('a[href^="tel:"]').first()).toBeVisible();
    await expect(page.locator('a[href^="mailto:support@"]').first()).toBeVisible();
  });

  test("the privacy policy says what is collected and shared, and that card payments exist", async ({ page }) => {
    await page.goto("/privacy-policy");
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
    const text = (await page.getByRole("main").innerText()).toLowerCase();
    for (const phrase of ["name", "e-mail", "demographic", "guest list", "booking", "payment", "analytics", "card"]) {
      expect(text).toContain(phrase);
    }
  });
});
