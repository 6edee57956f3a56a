import { expect, expectAccessible, test } from "./fixtures";
import { bearer, experienceViaApi, latestMail, registerViaApi, signInAs, uniqueEmail } from "./support";

test("a guest stops every invitation from the link in one, and the next host who invites them is told", async ({
  page,
  request,
  browser,
}) => {
  const [lena, omar] = await Promise.all([registerViaApi(request, "Lena", "Berg"), registerViaApi(request, "Omar", "Haddad")]);
  const lisbon = await experienceViaApi(request, lena, { name: "Lisbon Offsite", startsIn: 5 });
  const porto = await experienceViaApi(request, omar, { name: "Porto Wine Weekend", startsIn: 9 });
  const guest = uniqueEmail("ana");
  expect((await request.post("/api/rsvp", { headers: bearer(lena), data: { eventId: lisbon, invitees: [guest] } })).status()).toBe(201);

  // The invitation's own link, opened where the guest reads mail: no sign-in.
  const mail = await latestMail(request, guest);
  const link = new URL(/(\S+\/unsubscribe\?token=\S+)/.exec(mail.text)![1]!);
  const reader = await browser.newPage();
  await reader.goto(link.pathname + link.search);
  await expect(reader.getByRole("heading", { name: "Invitation e-mails" })).toBeVisible();
  await expect(reader.getByText(guest)).toBeVisible();
  const thisOne = reader.getByRole("checkbox", { name: /Stop invitations and reminders for “Lisbon Offsite”/ });
  const everyone = reader.getByRole("checkbox", { name: "Stop invitations from everyone on Experiences" });
  await expect(thisOne).not.toBeChecked();
  await expectAccessible(reader, "the unsubscribe page");

  await everyone.check();
  await expect(reader.getByRole("status")).toHaveText("You will get no invitations or reminders from anyone on Experiences.");
  await reader.reload();
  await expect(everyone).toBeChecked();
  await reader.close();

  await signInAs(page, omar, `/manage/experiences/upcoming/${porto}/attendees`);
  await page.getByRole("button", { name: "Invite Guests" }).click();
  const modal = page.getByRole("dialog", { name: "Invite Guests" });
  await modal.getByRole("textbox", { name: "Email address 1" }).fill(guest);
  await modal.getByRole("button", { name: "Send Invitations" }).click();
  // The address is bidi-isolated in the toast (FSI … PDI around it).
  await expect(page.getByText(`Not e-mailed: \u2068${guest}\u2069 (Unsubscribed from all invitations)`)).toBeVisible();
  expect((await latestMail(request, guest)).subject).toBe("Lena Berg invited you to “Lisbon Offsite”");
});
