import { describe, expect, it } from "vitest";
import { i18nFor } from "@worker/lib/i18n";
import { passMail } from "./pass-mail";

// Mails in the recipient's language (docs/languages.md): whose language is chosen, and the page's lang and direction.
// The words themselves need the translated catalogs (the drafts merged into the .po files): those checks are in the block below.

const experience = {
  name: "Lisbon Offsite",
  startTime: new Date("2027-03-12T09:00:00Z"),
  endTime: new Date("2027-03-14T18:00:00Z"),
  timeZone: "Europe/Lisbon",
  appOrigin: "https://app.example",
};
const holder = { email: "ana@example.com", firstName: "Ana", name: "Ana Lima", serial: "A-0001", token: "tok" };
const unsubscribe = { page: "https://app.example/unsubscribe?t=1", oneClick: "https://app.example/oapi/u" };
const pass = (locale: "en" | "ja" | "ar" | "de") => passMail(experience, holder, unsubscribe, i18nFor(locale));

describe("a pass in the recipient's language", () => {
  it("says its language, and reads right to left in Arabic", async () => {
    expect((await pass("ar")).html).toContain('<html lang="ar" dir="rtl">');
    expect((await pass("de")).html).toContain('<html lang="de" dir="ltr">');
  });

  it("is in the guest's saved language, else the experience's", async () => {
    const german = { ...experience, language: "de" };
    expect((await passMail(german, { ...holder, language: "ar" }, unsubscribe)).html).toContain('<html lang="ar" dir="rtl">');
    expect((await passMail(german, { ...holder, language: null }, unsubscribe)).html).toContain('<html lang="de" dir="ltr">');
  });

  it("keeps the English wording in English", async () => {
    expect((await pass("en")).subject).toBe("Your pass for Lisbon Offsite");
  });
});

describe("a pass in the recipient's words", () => {
  it.each(["ja", "ar", "de"] as const)("is written in %s", async (locale) => {
    const mail = await pass(locale);
    expect(mail.subject).not.toBe("Your pass for Lisbon Offsite");
    expect(mail.subject).toContain("Lisbon Offsite");
    expect(mail.text).not.toContain("Show the QR code at the entrance");
    expect(mail.html).not.toContain("Open your pass");
  });
});
