import type { Page } from "@playwright/test";
import { GUEST_HEADER, guestRows, xlsxBytes } from "../worker/test/xlsx";
import { expect, expectAccessible, test } from "./fixtures";
import { bearer, continueWithCode, experienceViaApi, joinViaApi, latestMail, registerViaApi, shot, signInAs, uniqueEmail } from "./support";

const rsvpRow = (page: Page) => page.getByRole("region", { name: "Your RSVP" });
const attendees = (page: Page) => page.getByRole("list", { name: "Attendees" });

async function openGroup(page: Page, group: RegExp) {
  await page.getByRole("tablist", { name: "Attendee groups" }).getByRole("tab", { name: group }).click();
}

async function runAction(page: Page, action: string) {
  await page.getByRole("button", { name: "Actions" }).click();
  await expect(page.getByRole("menu", { name: "Actions" })).toBeVisible();
  await expectAccessible(page, "the Actions menu");
  await page.getByRole("menu", { name: "Actions" }).getByRole("menuitem", { name: action }).click();
}

test.describe("guests", () => {
  test("a host invites two people by e-mail and three by spreadsheet; one answers the mailed link with her name and a code", async ({
    page,
    request,
    browser,
  }) => {
    const host = await registerViaApi(request, "Lena", "Berg");
    const eventId = await experienceViaApi(request, host, { name: "Lisbon Offsite", rsvpType: "INVITE_ONLY", startsIn: 5 });
    const [ana, ben] = [uniqueEmail("ana"), uniqueEmail("ben")];
    const sheet = guestRows(3, uniqueEmail("sheet").split("@")[0]!);

    await signInAs(page, host, `/manage/experiences/upcoming/${eventId}/attendees`);
    await expect(page.getByText("No Attendees Yet")).toBeVisible();
    await expectAccessible(page, "no attendees yet");
    await page.getByRole("button", { name: "Invite Guests" }).click();
    const modal = page.getByRole("dialog", { name: "Invite Guests" });

    const send = modal.getByRole("button", { name: "Send Invitations" });
    await expect(send).toBeDisabled();
    await expectAccessible(page, "the Invite Guests dialog");
    await modal.getByRole("textbox", { name: "Email address 1" }).fill("not-an-address");
    await modal.getByRole("textbox", { name: "Email address 1" }).press("Enter");
    await expect(modal.getByRole("textbox", { name: "Email address 2" })).toHaveCount(0);
    await expectAccessible(page, "Invite Guests refusing an address");
    await modal.getByRole("textbox", { name: "Email address 1" }).fill(ana);
    await modal.getByRole("textbox", { name: "Email address 1" }).press("Enter");
    await expect(modal.getByRole("textbox", { name: "Email address 2" })).toBeFocused();
    await modal.getByRole("textbox", { name: "Email address 2" }).fill(ben);
    await send.click();
    await expect(page.getByText("Invitations Sent!")).toBeVisible();
    await expect(modal).toHaveCount(0);

    await page.getByRole("button", { name: "Invite Guests" }).click();
    await modal.getByRole("tab", { name: "Upload File" }).click();
    await expect(modal.getByRole("link", { name: /template/i })).toHaveAttribute("href", "/templates/guest-list-template.xlsx");
    await expectAccessible(page, "Invite Guests' Upload File tab");
    await modal
      .getByLabel("Guest list file")
      .setInputFiles({ name: "guests.csv", mimeType: "text/csv", buffer: Buffer.from("Email\nx@example.com\n") });
    await expect(modal.getByText("Please upload an Excel file (.xlsx)")).toBeVisible();
    await expectAccessible(page, "Upload File refusing a CSV");
    await modal.getByLabel("Guest list file").setInputFiles({
      name: "guests.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: Buffer.from(xlsxBytes([...sheet, [ana, "Ana", "Again", ""], ["nobody", "", "", ""]])),
    });
    await expect(modal.getByTestId("report-invited")).toHaveText("3");
    await expect(modal.getByTestId("report-duplicates")).toHaveText("1");
    await expect(modal.getByTestId("report-invalid")).toHaveText("1");
    await expect(modal.getByRole("region", { name: "Rows not invited" })).toContainText("nobody");
    await expectAccessible(page, "the upload report");
    await modal.getByRole("button", { name: "Done" }).click();

    await openGroup(page, /^Pending/);
    await expect(attendees(page).getByRole("listitem")).toHaveCount(5);
    await expectAccessible(page, "the Pending group");
    await shot(page, "attendees-1280");

    // Ana opens the link in her invitation on her phone, signed out: the experience, with Join and Decline. Her name and the
    // mailed code are all it takes (the invited guest's first minute).
    const invitation = await latestMail(request, ana);
    const link = /https?:\/\/\S+\/itinerary\/[\w-]+\?invitation=[\w.-]+/.exec(invitation.text)![0];
    expect(link).toContain(eventId);
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const guest = await phone.newPage();
    const url = new URL(link);
    await guest.goto(url.pathname + url.search);
    await expect(guest.getByRole("heading", { name: "Lisbon Offsite" })).toBeVisible();
    await expect(guest.getByText("You're invited to this experience")).toBeVisible();
    await expectAccessible(guest, "an invitation's share page on a phone");
    await guest.getByRole("button", { name: "Join", exact: true }).click();
    const panel = guest.getByRole("dialog", { name: "Continue with your e-mail" });
    await expect(panel.getByLabel("Email")).toHaveValue(ana);
    await expect(panel.getByLabel("Password")).toHaveCount(0);
    await expectAccessible(guest, "the light path over an invitation on a phone");
    await continueWithCode(guest, request, { email: ana, firstName: "Ana", lastName: "Sousa" });

    await expect(guest).toHaveURL(new RegExp(`/experiences/${eventId}`));
    await expect(rsvpRow(guest).getByText("Attending")).toBeVisible();
    await expect(guest.getByRole("region", { name: "Add to home screen" })).toBeVisible();
    await expectAccessible(guest, "an attending guest's itinerary on a phone");
    await shot(guest, "rsvp-header-390");

    // The host's list follows without a reload.
    await openGroup(page, /^Attending/);
    await expect(attendees(page).getByText("Ana Sousa")).toBeVisible();
    await expectAccessible(page, "the Attending group");
    await phone.close();
  });

  test("someone invited before having an account signs up with that address and finds the invitation on Home, with Join", async ({
    page,
    request,
  }) => {
    const host = await registerViaApi(request, "Rosa", "Lima");
    const eventId = await experienceViaApi(request, host, { name: "Douro Weekend", rsvpType: "INVITE_ONLY", startsIn: 5 });
    const guest = await registerViaApi(request, "Tomas", "Reis");
    const invited = await request.post("/api/rsvp", { headers: bearer(host), data: { eventId, invitees: [guest.email] } });
    expect(invited.status()).toBe(201);

    await signInAs(page, guest, "/");
    const waiting = page.getByRole("region", { name: "Waiting for your answer" });
    await expect(waiting.getByText("Douro Weekend")).toBeVisible();
    await expectAccessible(page, "Home with an invitation waiting");
    await waiting.getByRole("button", { name: "Join" }).click();
    await expect(page).toHaveURL(new RegExp(`/experiences/${eventId}`));
    await expect(rsvpRow(page).getByText("Attending")).toBeVisible();
  });

  test("a stranger asks to join an OPEN_INVITE experience and sees 'Attending' the moment the host approves", async ({
    page,
    request,
    browser,
  }) => {
    const host = await registerViaApi(request, "Omar", "Haddad");
    const stranger = await registerViaApi(request, "Kai", "Tanaka");
    const eventId = await experienceViaApi(request, host, { name: "Kyoto Retreat", rsvpType: "OPEN_INVITE", startsIn: 5 });

    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const guest = await phone.newPage();
    await signInAs(guest, stranger, `/experiences/${eventId}/itinerary`);
    await expect(rsvpRow(guest)).toContainText("Ask to join; hosts approve");
    await expectAccessible(guest, "a stranger's itinerary with Join on a phone");
    await rsvpRow(guest).getByRole("button", { name: "Join" }).click();
    await expect(rsvpRow(guest).getByText("Approval Pending")).toBeVisible();
    await expectAccessible(guest, "'Approval Pending' on a phone");

    await signInAs(page, host, `/manage/experiences/upcoming/${eventId}/attendees`);
    await openGroup(page, /^Approval Requests\s*1/);
    await attendees(page).getByRole("checkbox", { name: "Select Kai Tanaka" }).check();
    await expectAccessible(page, "Approval Requests with a guest selected");
    await runAction(page, "Approve");

    await expect(rsvpRow(guest).getByText("Attending")).toBeVisible();
    await openGroup(page, /^Attending\s*1/);
    await expect(attendees(page).getByText("Kai Tanaka")).toBeVisible();
    await shot(page, "attendees-approved-1280");
    await expectAccessible(page, "the Attending group after approval");

    // A guest list labels Mia 'VIP' for this experience: the host reads the label, guests never do.
    const mia = await registerViaApi(request, "Mia", "Lund");
    const sheet = Buffer.from(xlsxBytes([GUEST_HEADER, [mia.email, "Mia", "Lund", "VIP"]]));
    const upload = await request.post("/api/rsvp/upload", {
      multipart: {
        eventId,
        file: { name: "vips.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: sheet },
      },
      headers: bearer(host),
    });
    expect(upload.ok()).toBe(true);
    await joinViaApi(request, eventId, mia);
    await expect(attendees(page).getByRole("listitem").filter({ hasText: "Mia Lund" })).toContainText("VIP");

    // The host's view route is the guest's list: no invitations, groups, checkboxes or actions there.
    await page.goto(`/experiences/${eventId}/attendees`);
    await expect(attendees(page).getByText("Kai Tanaka")).toBeVisible();
    const organiserControls = page
      .getByRole("button", { name: "Invite Guests" })
      .or(page.getByRole("tablist", { name: "Attendee groups" }))
      .or(page.getByRole("checkbox"))
      .or(page.getByRole("button", { name: "Actions" }));
    await expect(organiserControls, "no organiser control in the preview").toHaveCount(0);
    await expectAccessible(page, "the attendees preview");
    await expect(attendees(page)).not.toContainText(stranger.email);
    await expect(attendees(page).getByText("Mia Lund")).toBeVisible();
    await expect(page.getByText("VIP", { exact: true }), "no organiser label in the preview").toHaveCount(0);
    await shot(page, "attendees-preview-1280", { fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, "attendees-preview-390", { fullPage: true });

    // Now a guest: the Attendees tab is theirs, with no groups and no e-mail addresses.
    await guest.getByRole("link", { name: "Attendees" }).click();
    await expect(attendees(guest).getByText("Kai Tanaka")).toBeVisible();
    await expect(guest.getByRole("tablist", { name: "Attendee groups" })).toHaveCount(0);
    await expectAccessible(guest, "a guest's attendees on a phone");
    await expect(attendees(guest)).not.toContainText(stranger.email);
    await shot(guest, "attendees-guest-390");
    await phone.close();
  });
});
