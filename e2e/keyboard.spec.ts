import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { experienceViaApi, joinViaApi, registerViaApi, shot, signInAs } from "./support";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** The element that has focus, described as a person would: its role and name. */
const focusedName = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent?.trim() ?? "");

test.describe("keyboard", () => {
  test("New Experience opens on its Name field, keeps Tab inside, and Escape gives focus back to its button", async ({ page, request }) => {
    const owner = await registerViaApi(request, "Rosa", "Diaz");
    await signInAs(page, owner, "/manage/experiences");
    const opener = page.getByRole("button", { name: "Experience", exact: true });
    await opener.focus();
    await page.keyboard.press("Enter");

    const modal = page.getByRole("dialog", { name: "New Experience" });
    await expect(modal.getByLabel("Name")).toBeFocused();
    await expectAccessible(page, "New Experience dialog");
    // Shift+Tab from the first field reaches the ×, and once more wraps to the dialog's last control.
    await page.keyboard.press("Shift+Tab");
    await expect(modal.getByRole("button", { name: "Close" })).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(modal.getByRole("button", { name: "Create" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(modal.getByRole("button", { name: "Close" })).toBeFocused();

    await page.keyboard.press("Escape");
    await expect(modal).toHaveCount(0);
    await expect(opener).toBeFocused();
  });

  test("the sign-in panel opens on its e-mail field and Escape gives focus back to 'Login'", async ({ page }) => {
    await page.goto("/");
    const login = page.getByRole("banner").getByRole("button", { name: "Login" });
    await login.focus();
    await page.keyboard.press("Enter");
    const panel = page.getByRole("dialog", { name: "Login" });
    await expect(panel.getByRole("textbox").first()).toBeFocused();
    await expectAccessible(page, "sign-in panel");
    await page.keyboard.press("Escape");
    await expect(panel).toHaveCount(0);
    await expect(login).toBeFocused();
  });

  test("the user menu answers the arrows, End, a letter, Escape and Tab", async ({ page, request }) => {
    const account = await registerViaApi(request, "Alex", "Rivera");
    await signInAs(page, account, "/manage/experiences");
    const button = page.getByRole("button", { name: "User menu" });
    await expect(button).toHaveAccessibleName("AR Alex Rivera User menu");
    await expect(button).toHaveAttribute("aria-haspopup", "menu");

    await button.focus();
    await page.keyboard.press("ArrowDown");
    const menu = page.getByRole("menu", { name: "User menu" });
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(menu.getByRole("menuitem", { name: "Profile" })).toBeFocused();
    await page.keyboard.press("End");
    await expect(menu.getByRole("menuitem", { name: "Logout" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(menu.getByRole("menuitem", { name: "Profile" })).toBeFocused();
    await page.keyboard.press("l");
    await expect(menu.getByRole("menuitem", { name: "Logout" })).toBeFocused();
    await shot(page, "keyboard-user-menu-1280");
    await expectAccessible(page, "user menu open");

    await page.keyboard.press("Escape");
    await expect(menu).toHaveCount(0);
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute("aria-expanded", "false");

    await page.keyboard.press("ArrowUp");
    await expect(menu.getByRole("menuitem", { name: "Logout" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(menu).toHaveCount(0);

    await page.setViewportSize(PHONE);
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(menu.getByRole("menuitem", { name: "Profile" })).toBeFocused();
    await shot(page, "keyboard-user-menu-390");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/profile$/);
  });

  test("an organiser works the attendees' Actions menu with the keyboard; its confirmation starts on Cancel", async ({ page, request }) => {
    const host = await registerViaApi(request, "Lena", "Berg");
    const guest = await registerViaApi(request, "Kai", "Tanaka");
    const eventId = await experienceViaApi(request, host, { name: "Kyoto Retreat", rsvpType: "OPEN" });
    await joinViaApi(request, eventId, guest);
    await signInAs(page, host, `/manage/experiences/upcoming/${eventId}/attendees`);
    await page
      .getByRole("tablist", { name: "Attendee groups" })
      .getByRole("tab", { name: /^Attending/ })
      .click();
    await page.getByRole("list", { name: "Attendees" }).getByRole("checkbox", { name: "Select Kai Tanaka" }).check();

    const actions = page.getByRole("button", { name: "Actions" });
    const menu = page.getByRole("menu", { name: "Actions" });
    await actions.focus();
    await page.keyboard.press("ArrowUp");
    await expect(menu.getByRole("menuitem", { name: "Attendee group…" })).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await expect(menu.getByRole("menuitem", { name: "Remove as host" })).toBeFocused();
    await page.keyboard.press("Home");
    await expect(menu.getByRole("menuitem", { name: "Remove attendee" })).toBeFocused();
    await page.keyboard.press("m");
    await expect(menu.getByRole("menuitem", { name: "Make host" })).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await expectAccessible(page, "attendees Actions menu");
    await page.keyboard.press("Enter");

    const confirm = page.getByRole("dialog", { name: "Remove attendees" });
    await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
    await expectAccessible(page, "the Remove attendees confirmation");
    await page.keyboard.press("Escape");
    await expect(confirm).toHaveCount(0);
    await expect(actions).toBeFocused();
    await expect(page.getByRole("list", { name: "Attendees" }).getByText("Kai Tanaka")).toBeVisible();

    // On a phone, an address's remove button is a full 44 px target named after the address.
    await page.setViewportSize(PHONE);
    const inviteButton = page.getByRole("button", { name: "Invite Guests" });
    await inviteButton.click();
    const invite = page.getByRole("dialog", { name: "Invite Guests" });
    await expect(invite.getByRole("textbox", { name: "Email address 1" })).toBeFocused();
    await page.keyboard.type("ana@example.com");
    await page.keyboard.press("Enter");
    const remove = invite.getByRole("button", { name: "Remove ana@example.com" });
    const box = (await remove.boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    await expectAccessible(page, "Invite Guests with two addresses");
    await page.keyboard.press("Escape");
    await expect(invite).toHaveCount(0);
    await expect(inviteButton).toBeFocused();
  });

  test("the skip link is the first stop for Tab on every layout and moves focus to the main content", async ({ page, request }) => {
    const owner = await registerViaApi(request, "Mina", "Park");
    const eventId = await experienceViaApi(request, owner, { name: "Seoul Food Walk" });

    for (const path of ["/", "/privacy-policy", `/itinerary/${eventId}`]) {
      await page.goto(path);
      // The page itself, not the loading screen the router shows while its code arrives.
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      await expect(page.getByRole("link", { name: "Skip to main content" })).toBeAttached();
      await page.keyboard.press("Tab");
      await expect(page.getByRole("link", { name: "Skip to main content" }), path).toBeFocused();
    }

    await signInAs(page, owner, `/experiences/${eventId}`);
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await page.reload();
      await expect(page.getByRole("heading", { level: 1, name: "Seoul Food Walk" })).toBeVisible();
      await page.keyboard.press("Tab");
      const skip = page.getByRole("link", { name: "Skip to main content" });
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      await shot(page, `keyboard-skip-link-${size.width}`);
    }
    await page.keyboard.press("Enter");
    await expect(page.getByRole("main")).toBeFocused();
    await expect(page).toHaveURL(new RegExp(`/experiences/${eventId}`));
    // The next Tab goes on from the main content, past the top bar.
    await page.keyboard.press("Tab");
    expect(await focusedName(page)).not.toMatch(/User menu|Open menu|Experiences home/);
  });

  test("the drawer gives focus back to its button, the post menu works by keyboard, and the feed and documents read in order", async ({
    page,
    request,
  }) => {
    const owner = await registerViaApi(request, "Tomas", "Silva");
    const eventId = await experienceViaApi(request, owner, { name: "Azores Hike" });
    // Manage mode: the organiser's post menu moderates there (the view route is the guests' preview).
    await signInAs(page, owner, `/manage/experiences/upcoming/${eventId}/social`);

    const openMenu = page.getByRole("button", { name: "Open menu" });
    await openMenu.focus();
    await page.keyboard.press("Enter");
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await expect(drawer.getByRole("link", { name: "Home" })).toBeFocused();
    await expectAccessible(page, "the drawer");
    await page.keyboard.press("Escape");
    await expect(drawer).toHaveCount(0);
    await expect(openMenu).toBeFocused();

    const composer = page.getByRole("form", { name: "New post" });
    await composer.getByRole("textbox").fill("Ferry at 8");
    await composer.getByRole("button", { name: "Post" }).click();
    await expect(page.getByText("Your post is live!")).toBeVisible();
    const options = page.getByRole("button", { name: "Post options" });
    await options.focus();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("menuitem", { name: "Hide from guests" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("menuitem", { name: "Delete" })).toBeFocused();
    await expectAccessible(page, "the post menu");
    await page.keyboard.press("Escape");
    await expect(options).toBeFocused();
    await expectAccessible(page, "social feed");

    await page.goto(`/manage/experiences/upcoming/${eventId}/documents`);
    await expect(page.getByRole("heading", { name: "Attending guests" })).toBeVisible();
    await expectAccessible(page, "documents");
  });
});
