import type { Page } from "@playwright/test";
import { png } from "./files";
import { expect, expectAccessible, test } from "./fixtures";
import { codeIn, latestMail, registerViaApi, shot, signInAs, uniqueEmail } from "./support";

const panel = (page: Page) => page.getByRole("dialog");

test.describe("accounts", () => {
  test("a person registers with the code from the mailbox, signs out and signs in again", async ({ page, request }) => {
    const email = uniqueEmail("reg");
    await page.goto("/");
    await page.getByRole("button", { name: "Login" }).click();
    await panel(page).getByRole("button", { name: "Create an account" }).click();

    await panel(page).getByLabel("Email").fill("not-an-email");
    await panel(page).getByRole("button", { name: "Send OTP" }).click();
    await expect(panel(page).getByText("Please enter a valid email address")).toBeVisible();
    await expectAccessible(page, "register: the e-mail step refusing an address");
    await panel(page).getByLabel("Email").fill(email);
    await panel(page).getByRole("button", { name: "Send OTP" }).click();

    const code = codeIn(await latestMail(request, email));
    await panel(page).getByLabel("Verification code").fill("123");
    await panel(page).getByRole("button", { name: "Verify" }).click();
    await expect(panel(page).getByText("Please enter a valid 6-digit OTP")).toBeVisible();
    await expectAccessible(page, "register: the code step refusing a short code");
    await panel(page)
      .getByLabel("Verification code")
      .fill(code === "000000" ? "111111" : "000000");
    await panel(page).getByRole("button", { name: "Verify" }).click();
    await expect(panel(page).getByText("Invalid OTP. Please try again.")).toBeVisible();
    await panel(page).getByLabel("Verification code").fill(code);
    await panel(page).getByRole("button", { name: "Verify" }).click();

    await panel(page).getByRole("button", { name: "Create account" }).click();
    await expect(panel(page).getByText("First name is required")).toBeVisible();
    await expect(panel(page).getByText("Last name is required")).toBeVisible();
    await expect(panel(page).getByText("Password is required")).toBeVisible();
    await expectAccessible(page, "register: the details step with its errors");
    await panel(page).getByLabel("First name").fill("Maya");
    await panel(page).getByLabel("Last name").fill("Lopez");
    await panel(page).getByLabel("Organisation (optional)").fill("  Nomad Tours  ");
    await panel(page).getByLabel("Password", { exact: true }).fill("sunny-lisbon-2027");
    await panel(page).getByLabel("Confirm password").fill("sunny-lisbon-2026");
    await panel(page).getByRole("button", { name: "Create account" }).click();
    await expect(panel(page).getByText("Passwords do not match")).toBeVisible();
    await expectAccessible(page, "register: passwords that do not match");
    await panel(page).getByLabel("Confirm password").fill("sunny-lisbon-2027");
    await panel(page).getByRole("button", { name: "Create account" }).click();

    // 'Your account is ready!' stands while the app swaps to the signed-in pages beneath it: checked once they are there.
    await expect(panel(page).getByText("Your account is ready!")).toBeVisible();
    await expect(panel(page)).toHaveCount(0);
    await expect(page.getByRole("button", { name: "User menu" })).toBeVisible();
    await expectAccessible(page, "a new account's home page");

    await page.getByRole("button", { name: "User menu" }).click();
    await expect(page.getByRole("menu", { name: "User menu" })).toBeVisible();
    await expectAccessible(page, "the user menu");
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await expect(page.getByRole("button", { name: "Login" })).toBeVisible();

    await page.getByRole("button", { name: "Login" }).click();
    await panel(page).getByLabel("Email or phone").fill(email);
    await panel(page).getByLabel("Password").fill("wrong-password");
    await panel(page).getByRole("button", { name: "Login" }).click();
    await expect(panel(page).getByText("Invalid email/phone or password")).toBeVisible();
    await expectAccessible(page, "the sign-in panel refusing a password");
    await panel(page).getByLabel("Password").fill("sunny-lisbon-2027");
    await panel(page).getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("button", { name: "User menu" })).toBeVisible();
    // The end-of-test check reads the home page once it has loaded, not its loading state (which has no heading).
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("a person resets a forgotten password with a code", async ({ page, request }) => {
    const account = await registerViaApi(request, "Olu", "Ade");
    await page.goto("/");
    await page.getByRole("button", { name: "Login" }).click();
    await panel(page).getByRole("button", { name: "Forgot password?" }).click();
    await panel(page).getByLabel("Email").fill(account.email);
    await panel(page).getByRole("button", { name: "Send OTP" }).click();
    await expect(panel(page).getByLabel("Verification code")).toBeVisible();
    await expectAccessible(page, "forgot password: the code step");
    const mail = await latestMail(request, account.email);
    await panel(page).getByLabel("Verification code").fill(codeIn(mail));
    await panel(page).getByRole("button", { name: "Verify" }).click();
    await panel(page).getByLabel("Password", { exact: true }).fill("brand-new-secret");
    await panel(page).getByLabel("Confirm password").fill("brand-new-secretX");
    await panel(page).getByRole("button", { name: "Reset password" }).click();
    await expect(panel(page).getByText("Passwords do not match")).toBeVisible();
    await expectAccessible(page, "forgot password: the new password step refusing a mismatch");
    await panel(page).getByLabel("Confirm password").fill("brand-new-secret");
    await panel(page).getByRole("button", { name: "Reset password" }).click();
    await expect(panel(page).getByText("Password reset successfully")).toBeVisible();
    await expectAccessible(page, "forgot password: 'Password reset successfully'");
    await panel(page).getByRole("button", { name: "Back to login" }).click();
    await panel(page).getByLabel("Email or phone").fill(account.email);
    await panel(page).getByLabel("Password").fill("brand-new-secret");
    await panel(page).getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("button", { name: "User menu" })).toBeVisible();
    // The end-of-test check reads the home page once it has loaded, not its loading state (which has no heading).
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("a person resets a forgotten password by the e-mailed link", async ({ page, request }) => {
    const account = await registerViaApi(request, "Lena", "Berg");
    await page.goto("/");
    await page.getByRole("button", { name: "Login" }).click();
    await panel(page).getByRole("button", { name: "Forgot password?" }).click();
    await panel(page).getByLabel("Email").fill(account.email);
    await panel(page).getByRole("button", { name: "E-mail me a reset link instead" }).click();
    await expect(panel(page).getByText("Check your e-mail")).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Password reset link sent to registered email address." })).toBeVisible();
    await expectAccessible(page, "forgot password: 'Check your e-mail'");

    const mail = await latestMail(request, account.email);
    const link = /https?:\/\/[^\s"]+\/reset-password\/[\w-]+/.exec(mail.text)![0];
    await page.goto(new URL(link).pathname);
    await page.getByLabel("New Password").fill("short");
    await page.getByLabel("Confirm Password").fill("short");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByText("Password must be at least 8 characters long")).toBeVisible();
    await expectAccessible(page, "the reset page refusing a short password");
    await page.getByLabel("New Password").fill("linked-new-secret");
    await page.getByLabel("Confirm Password").fill("linked-new-secret");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByText("Password reset successfully! Redirecting to home page...")).toBeVisible();
    await expectAccessible(page, "the reset page's success");
    await expect(page).toHaveURL(/\/$/, { timeout: 5000 });

    const signin = await request.post("/auth/signin", { data: { emailOrPhone: account.email, password: "linked-new-secret" } });
    expect(signin.ok()).toBe(true);

    // The spent link says so at once, before any password is typed, and leads to a new one.
    await page.goto(new URL(link).pathname);
    await expect(page.getByRole("alert")).toHaveText("This reset link is invalid or has expired.");
    await expect(page.getByLabel("New Password")).toHaveCount(0);
    await shot(page, "reset-link-spent-1280");
    await expectAccessible(page, "a spent reset link");
    await page.getByRole("button", { name: "Request a new link" }).click();
    await expect(panel(page).getByRole("button", { name: "E-mail me a reset link instead" })).toBeVisible();
    await expectAccessible(page, "forgot password, from a spent link");
  });

  test("says an unknown reset link cannot be used before a password is typed", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/reset-password/not-a-real-link");
    await expect(page.getByRole("alert")).toHaveText("This reset link is invalid or has expired.");
    await expect(page.getByLabel("New Password")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Request a new link" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/");
    await shot(page, "reset-link-unknown-390");
  });

  test("shows 'Invalid reset link' without an id and returns home", async ({ page }) => {
    await page.goto("/reset-password");
    await expect(page.getByText("Invalid reset link")).toBeVisible();
    await expectAccessible(page, "'Invalid reset link'");
    await expect(page).toHaveURL(/\/$/, { timeout: 5000 });
  });

  test("a person edits the profile with an avatar and interests", async ({ page, request }) => {
    const account = await registerViaApi(request, "Noor", "Haddad");
    await signInAs(page, account, "/profile");
    await expect(page.getByRole("heading", { name: "Noor Haddad" })).toBeVisible();
    await expect(page.getByText("Noor's Experiences")).toBeVisible();
    await expectAccessible(page, "the profile");
    await page.getByRole("link", { name: "Edit Profile" }).click();

    await page.getByTestId("avatar-input").setInputFiles(png("me.png"));
    await expect(page.getByTestId("upload-done")).toBeVisible();
    await expect(page.getByTestId("upload-done")).toHaveCount(0);
    await expectAccessible(page, "the profile editor with a new avatar");

    await page.getByLabel("Organisation").fill("Desert Journeys");
    await page.getByLabel("About").fill("I plan trips across the Middle East.");
    const interests = page.getByPlaceholder("Type interest...");
    await interests.fill("  Hiking ");
    await interests.press("Enter");
    await interests.fill("hiking");
    await interests.press("Enter");
    await interests.fill("Food");
    await interests.press("Escape");
    await interests.fill("Photography");
    await page.getByLabel("About").click();
    await expect(page.getByRole("list", { name: "Interests" }).getByRole("listitem")).toHaveText(["Hiking×", "Photography×"]);
    await expectAccessible(page, "the profile editor with interests");
    await page.getByRole("button", { name: "Remove Photography" }).click();

    await page.getByRole("button", { name: "Change Password" }).click();
    await expect(page.getByText("Password reset link sent to registered email address.")).toBeVisible();

    await expectAccessible(page, "the profile editor after 'Change Password'");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Profile Updated")).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByText("Desert Journeys")).toBeVisible();
    await expect(page.getByText("I plan trips across the Middle East.")).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: "Hiking" })).toBeVisible();
    await expect(page.locator("img[src^='/files/']").first()).toBeVisible();
    await expectAccessible(page, "the updated profile");
  });

  test("a 401 in the middle of a session is healed by one refresh", async ({ page, request }) => {
    const account = await registerViaApi(request, "Kai", "Tanaka");
    await signInAs(page, account, "/");
    await page.evaluate(() => localStorage.setItem("cp.v1.authToken", JSON.stringify({ value: "expired.token.value" })));
    const refreshes: string[] = [];
    page.on("request", (r) => r.url().includes("/auth/refresh-user-token") && refreshes.push(r.url()));
    // The profile page reads the user from the server: its first answer is a 401, its replay a 200.
    const profileLoaded = page.waitForResponse((r) => r.url().endsWith("/api/profile/user") && r.status() === 200);
    await page.getByRole("button", { name: "User menu" }).click();
    await page.getByRole("menuitem", { name: "Profile" }).click();
    await profileLoaded;
    await expect(page.getByRole("heading", { name: "Kai Tanaka" })).toBeVisible();
    expect(refreshes).toHaveLength(1);
  });
});
