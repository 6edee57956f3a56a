import { readFile } from "node:fs/promises";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import {
  bearer,
  continueWithCode,
  experienceViaApi,
  firstDay,
  isoDate,
  registerInPanel,
  registerViaApi,
  shot,
  uniqueEmail,
  type Account,
} from "./support";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const panel = (page: Page) => page.getByRole("dialog");

/** Adds a timed activity on the experience's first day (which starts `startsIn` days from today, as experienceViaApi makes it). */
async function addActivity(
  request: APIRequestContext,
  owner: Account,
  eventId: string,
  name: string,
  hours: [number, number],
  location: string,
) {
  const day = await firstDay(request, eventId);
  const at = (hour: number) => `${day.date}T${String(hour).padStart(2, "0")}:00:00.000Z`;
  const response = await request.post(`/api/events/${eventId}/programs/${day.id}/activity`, {
    multipart: { name, description: `${name}, all together`, startIsoTime: at(hours[0]), endIsoTime: at(hours[1]), location },
    headers: bearer(owner),
  });
  expect(response.ok()).toBe(true);
}

/** The RSVP status of `email`, as the experience's owner reads the guest list. */
async function rsvpOf(request: APIRequestContext, owner: Account, eventId: string, email: string) {
  const attendees = (await (await request.get(`/api/rsvp/event/${eventId}`, { headers: bearer(owner) })).json()) as {
    status: string;
    user: { emailId: string };
  }[];
  return attendees.find((attendee) => attendee.user.emailId === email)?.status;
}

/** Opens `path` as `account`, signed in by its refresh token (the share link's page has no user menu to wait for). */
async function openSignedIn(page: Page, account: Account, path: string) {
  await page.addInitScript(
    ({ refreshToken }) => {
      if (!localStorage.getItem("cp.v1.refreshToken")) localStorage.setItem("cp.v1.refreshToken", JSON.stringify({ value: refreshToken }));
    },
    { refreshToken: account.refreshToken },
  );
  await page.goto(path);
}

test.describe("the share link's page invites action", () => {
  test("a signed-out visitor on a phone joins an OPEN experience through sign-up and is back on the page, joined", async ({
    browser,
    request,
  }) => {
    const owner = await registerViaApi(request, "Maya", "Host");
    const eventId = await experienceViaApi(request, owner, { name: "Lisbon Open Weekend", rsvpType: "OPEN" });
    await addActivity(request, owner, eventId, "Walking tour", [9, 11], "Alfama, Lisbon");
    const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const page = await phone.newPage();

    await page.goto(`/itinerary/${eventId}`);
    await expect(page.getByRole("heading", { name: "Lisbon Open Weekend" })).toBeVisible();
    await expect(page.getByText("Anyone with the link can join")).toBeVisible();
    await expectAccessible(page, "the public page on a phone");
    await shot(page, "public-page-390");
    await shot(page, "public-page-390-full", { fullPage: true });

    // The light path: a name and a mailed code, no password.
    await page.getByRole("button", { name: "Join", exact: true }).click();
    await expect(panel(page).getByLabel("First name")).toBeVisible();
    await expect(panel(page).getByLabel("Password")).toHaveCount(0);
    await expectAccessible(page, "the light path over the public page on a phone");
    const email = uniqueEmail("guest");
    await continueWithCode(page, request, { email, firstName: "Gil", lastName: "Guest" });

    // Going: the experience opens.
    await expect(page).toHaveURL(new RegExp(`/experiences/${eventId}`));
    await expect(page.getByRole("heading", { name: "Lisbon Open Weekend" })).toBeVisible();
    await expectAccessible(page, "joined");
    await shot(page, "public-page-joined-390");
    expect(await rsvpOf(request, owner, eventId, email)).toBe("YES");
    await phone.close();
  });

  test("a signed-in visitor asks to join an OPEN_INVITE experience and is told a host will approve", async ({ page, request }) => {
    const owner = await registerViaApi(request, "Rui", "Host");
    const visitor = await registerViaApi(request, "Ana", "Visitor");
    const eventId = await experienceViaApi(request, owner, { name: "Porto by Invitation", rsvpType: "OPEN_INVITE" });
    await openSignedIn(page, visitor, `/itinerary/${eventId}`);

    await expect(page.getByText("The hosts approve each request")).toBeVisible();
    await expectAccessible(page, "the public page for a signed-in visitor");
    await page.getByRole("button", { name: "Request to join" }).click();
    await expect(page.getByText("Request sent — a host will approve it")).toBeVisible();
    await expect(page.getByText("Approval Pending")).toBeVisible();
    await expectAccessible(page, "the public page, request sent");
    expect(await rsvpOf(request, owner, eventId, visitor.email)).toBe("HOST_APPROVAL_REQUESTED");
  });

  test("an invitation-only experience offers no Join, and says so", async ({ page, request }) => {
    const owner = await registerViaApi(request, "Ines", "Host");
    const eventId = await experienceViaApi(request, owner, { name: "Private Dinner", rsvpType: "INVITE_ONLY", privacy: "PRIVATE" });
    await page.goto(`/itinerary/${eventId}`);
    await expect(page.getByText("Invite only — ask a host for an invitation")).toBeVisible();
    await expect(page.getByRole("button", { name: /join/i })).toHaveCount(0);
  });

  test("'Add to calendar' downloads a .ics file with the activities; Share copies the link; the footer's legal links are there", async ({
    page,
    request,
    context,
  }) => {
    const owner = await registerViaApi(request, "Leo", "Host");
    const eventId = await experienceViaApi(request, owner, { name: "Sintra, Day Trip", rsvpType: "OPEN", startsIn: 5 });
    await addActivity(request, owner, eventId, "Pena Palace", [9, 12], "Estrada da Pena, Sintra");
    await addActivity(request, owner, eventId, "Lunch; local food", [12, 13], "Sintra");
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.setViewportSize(DESKTOP);
    await page.goto(`/itinerary/${eventId}`);
    await expect(page.getByRole("heading", { name: "Sintra, Day Trip" })).toBeVisible();
    await expectAccessible(page, "the public page at 1280 px");
    await shot(page, "public-page-1280");
    await shot(page, "public-page-1280-full", { fullPage: true });

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Add to calendar" }).click()]);
    expect(download.suggestedFilename()).toBe("Sintra, Day Trip.ics");
    const ics = await readFile(await download.path(), "utf8");
    expect(ics.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    const unfolded = ics.replace(/\r\n /g, "");
    expect(unfolded.match(/^BEGIN:VEVENT$/gm)).toHaveLength(2);
    expect(unfolded).toContain("SUMMARY:Pena Palace\r\n");
    expect(unfolded).toContain("SUMMARY:Lunch\\; local food\r\n");
    expect(unfolded).toContain(`DTSTART:${isoDate(5).replace(/-/g, "")}T090000Z\r\n`);
    expect(unfolded).toContain("LOCATION:Estrada da Pena\\, Sintra\r\n");
    expect(unfolded).toContain(`/itinerary/${eventId}`);

    await page.getByRole("button", { name: "Share" }).click();
    await expect(page.getByText("Link copied to clipboard")).toBeVisible();
    await expectAccessible(page, "the public page with 'Link copied'");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${new URL(page.url()).origin}/itinerary/${eventId}`);

    const legal = page.getByRole("navigation", { name: "Legal" });
    await expect(legal.getByRole("link", { name: /privacy policy/i })).toHaveAttribute("href", "/privacy-policy");
    await expect(legal.getByRole("link", { name: /terms of service/i })).toHaveAttribute("href", "/terms-of-service");
    await expect(legal.getByRole("link", { name: /contact us/i })).toHaveAttribute("href", "/contact-us");
  });

  test("'Event not found' offers a way home", async ({ page }) => {
    await page.goto(`/itinerary/${crypto.randomUUID()}`);
    await expect(page.getByRole("heading", { name: "Event not found" })).toBeVisible();
    await expectAccessible(page, "'Event not found'");
    await page.setViewportSize(PHONE);
    await shot(page, "public-page-not-found-390");
    await page.getByRole("link", { name: "Go to the home page" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("landing-section-hero")).toBeVisible();
  });
});

test.describe("a signed-out visitor opening a signed-in link", () => {
  test("signs in from the panel that opens and lands on the link", async ({ page, request }) => {
    const account = await registerViaApi(request, "Sam", "Link");
    await page.goto("/manage/experiences");
    await expect(panel(page).getByLabel("Email or phone")).toBeVisible();
    await expectAccessible(page, "sign-in panel over the landing page");
    await panel(page).getByLabel("Email or phone").fill(account.email);
    await panel(page).getByLabel("Password").fill(account.password);
    await panel(page).getByRole("button", { name: "Login" }).click();
    await expect(panel(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/manage\/experiences/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("button", { name: "User menu" })).toBeVisible();
  });

  test("registers with a code from the panel that opens and lands on the invitation's experience", async ({ page, request }) => {
    const owner = await registerViaApi(request, "Eva", "Host");
    const eventId = await experienceViaApi(request, owner, { name: "Azores Hike", rsvpType: "OPEN" });
    await page.goto(`/experiences/${eventId}`);
    await panel(page).getByRole("button", { name: "Create an account" }).click();
    await expect(panel(page).getByLabel("Email")).toBeVisible();
    await expectAccessible(page, "the sign-up panel over the landing page");
    await registerInPanel(page, request, { label: "invitee", firstName: "Ivo", lastName: "Invitee", password: "sunny-azores-2027" });
    await expect(panel(page)).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/experiences/${eventId}`));
    await expect(page.getByRole("heading", { name: "Azores Hike" })).toBeVisible();
  });

  test("closes the panel without signing in and stays on a working landing page, whose Login still leads to the link", async ({
    page,
    request,
  }) => {
    const account = await registerViaApi(request, "Noa", "Later");
    await page.goto("/manage/experiences");
    await expect(panel(page)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(panel(page)).toHaveCount(0);
    await expect(page.getByTestId("landing-section-hero")).toBeVisible();
    await expectAccessible(page, "landing after closing the panel");

    await page.getByRole("button", { name: "Login" }).click();
    await panel(page).getByLabel("Email or phone").fill(account.email);
    await panel(page).getByLabel("Password").fill(account.password);
    await panel(page).getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/manage\/experiences/);
    await expect(page.getByRole("button", { name: "User menu" })).toBeVisible();
    // The test ends on the page itself, not its loading spinner, which the checks at a test's end would read.
    await expect(page.getByRole("heading", { level: 1, name: "Your experiences" })).toBeVisible();
  });
});
