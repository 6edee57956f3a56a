import { describe, expect, it } from "vitest";
import { i18nFor } from "@worker/lib/i18n";
import { recipientLocale } from "@worker/lib/mail/recipient-language";
import { invitationMail, type Invitation } from "./invitation-mail";

// Mails in the recipient's language (docs/languages.md): whose language is chosen, and the page's lang and direction.
// The words themselves need the translated catalogs (the drafts merged into the .po files): those checks are in the block below.

const invitation: Invitation = {
  eventId: "ev1",
  eventName: "Lisbon Offsite",
  startTime: new Date("2027-03-12T09:00:00Z"),
  endTime: new Date("2027-03-14T18:00:00Z"),
  timeZone: "Europe/Lisbon",
  firstActivityStart: new Date("2027-03-12T09:30:00Z"),
  inviterName: "Dana Demo",
  appOrigin: "https://app.example",
  coverUrl: null,
  venue: "LX Factory",
};
const links = {
  open: "https://app.example/s/abc",
  unsubscribe: { page: "https://app.example/unsubscribe?t=1", oneClick: "https://app.example/oapi/u" },
};
const invite = (locale: "en" | "ja" | "ar" | "de") =>
  invitationMail(invitation, { email: "ana@example.com", firstName: "Ana", hasAccount: false }, "invitation", links, i18nFor(locale));

describe("an invitation in the recipient's language", () => {
  it("gives a new address (no account) the experience's", () => {
    const german = { ...invitation, language: "de" };
    const mail = invitationMail(german, { email: "new@example.com", firstName: "", hasAccount: false }, "invitation", links);
    expect(mail.html).toContain('<html lang="de" dir="ltr">');
    expect(recipientLocale({ experience: "de" })).toBe("de");
  });

  it("gives an account its saved language, and one without any the experience's", () => {
    const german = { ...invitation, language: "de" };
    const to = { email: "ana@example.com", firstName: "Ana", hasAccount: true };
    expect(invitationMail(german, { ...to, language: "ja" }, "invitation", links).html).toContain('<html lang="ja" dir="ltr">');
    expect(invitationMail(german, { ...to, language: null }, "invitation", links).html).toContain('<html lang="de" dir="ltr">');
  });

  it("says its language, and reads right to left in Arabic", () => {
    expect(invite("ja").html).toContain('<html lang="ja" dir="ltr">');
    expect(invite("ar").html).toContain('<html lang="ar" dir="rtl">');
    expect(invite("ar").html).toContain('<body class="mail-bg" dir="rtl"');
  });

  it("keeps the English wording in English", () => {
    const mail = invite("en");
    expect(mail.subject).toBe("Dana Demo invited you to “Lisbon Offsite”");
    expect(mail.text).toContain("Hi Ana,\n\nDana Demo invited you to Lisbon Offsite.");
    expect(mail.html).toContain('<html lang="en" dir="ltr">');
  });
});

describe("an invitation in the recipient's words", () => {
  it.each(["ja", "ar", "de"] as const)("is written in %s", (locale) => {
    const mail = invite(locale);
    expect(mail.subject).not.toBe(invite("en").subject);
    expect(mail.subject).toContain("Lisbon Offsite");
    expect(mail.text).not.toContain("invited you to");
    expect(mail.html).not.toContain("Open the invitation");
  });
});
