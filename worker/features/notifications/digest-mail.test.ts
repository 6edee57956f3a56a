import { describe, expect, it } from "vitest";
import { digestMail, digestPush } from "./digest-mail";
import type { DigestChange, DigestEvent, Telling } from "./digest.service";

// Mails in the recipient's language (docs/languages.md): whose language is chosen, and the page's lang and direction.
// The words themselves need the translated catalogs (the drafts merged into the .po files): those checks are in the block below.

const env = { APP_ORIGIN: "https://app.example", JWT_SECRET: "test-secret-test-secret-test-secret" };
/** An experience in German: what a guest with no saved language reads. */
const event: DigestEvent = { id: "ev1", name: "Lisbon Offsite", timeZone: "Europe/Lisbon", language: "de" };
const approved = {
  seq: 1,
  kind: "requests",
  subjectType: "rsvp",
  subjectId: "r1",
  field: "approved",
  label: "Ana Lima",
  oldValue: null,
  newValue: null,
  recipientId: "u1",
  programId: null,
  actorId: "u2",
  createdAt: new Date("2027-03-01T10:00:00Z"),
  urgent: false,
} as DigestChange;
const telling = (language: string | null): Telling => ({
  recipient: { id: "u1", email: "ana@example.com", firstName: "Ana", language },
  kind: "requests",
  changes: [approved],
  email: true,
  subscriptionIds: [],
});
const mail = (language: string | null) => digestMail(env, "d1", event, telling(language));

describe("a digest in the recipient's language", () => {
  it("gives a guest with no saved language the experience's, and one who saved one theirs", async () => {
    expect((await mail(null)).html).toContain('<html lang="de" dir="ltr">');
    expect((await mail("ja")).html).toContain('<html lang="ja" dir="ltr">');
    expect((await mail("ar")).html).toContain('<html lang="ar" dir="rtl">');
  });

  it("keeps the English wording in English", async () => {
    const english = await mail("en");
    expect(english.subject).toBe("You're in: Lisbon Offsite");
    expect(english.text).toContain("- Your request to join was approved");
    expect(digestPush({ ...event, language: "en" }, "requests", [approved]).title).toBe("You're in: Lisbon Offsite");
  });
});

describe("a digest in the recipient's words", () => {
  it.each(["ja", "ar", "de"] as const)("is written in %s", async (locale) => {
    const theirs = await mail(locale);
    expect(theirs.subject).not.toBe("You're in: Lisbon Offsite");
    expect(theirs.subject).toContain("Lisbon Offsite");
    expect(theirs.text).not.toContain("Your request to join was approved");
    expect(theirs.html).not.toContain("Notification settings");
  });

  it("words a push in the experience's language for a guest with none saved", () => {
    expect(digestPush(event, "requests", [approved]).title).not.toBe("You're in: Lisbon Offsite");
  });
});

describe("a place in a sign-up activity (docs/programme.md)", () => {
  const promoted = { ...approved, subjectType: "activity", subjectId: "a1", field: "promoted", label: "Cooking class" } as DigestChange;
  it("names the activity: 'You have a place in Cooking class: Lisbon Offsite'", async () => {
    const english = await digestMail(env, "d1", { ...event, language: "en" }, { ...telling("en"), changes: [promoted] });
    expect(english.subject).toBe("You have a place in Cooking class: Lisbon Offsite");
    expect(english.text).toContain("- A place freed up in Cooking class: you're signed up");
    const german = await digestMail(env, "d1", event, { ...telling(null), changes: [promoted] });
    expect(german.subject).toBe("Sie haben einen Platz in Cooking class: Lisbon Offsite");
  });
});
