import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { bearer, joinViaApi, latestMail, lisbonOffsite, registerViaApi, signInAs, type Account } from "./support";

// Issue 37, end to end: the pseudo-locale (accented, a third longer, each message inside ⟦…⟧) over every page, so any
// text a page shows outside the brackets was never translated; Arabic at 360 px, right to left, without overflow; a
// German browser's first visit; a language chosen in Profile, at once.

const PHONE = { width: 360, height: 780 };

/** Opens every later page of the context in `locale`, as the picker would have left it. */
const chooseBeforeLoad = (page: Page, locale: string) =>
  page.addInitScript((language) => localStorage.setItem("cp.language", language), locale);

/** Signed in as `account` (tokens where the app keeps them), without waiting for an English label. */
async function signInIn(page: Page, account: Account, path: string) {
  await page.addInitScript(({ refreshToken }) => localStorage.setItem("cp.v1.refreshToken", JSON.stringify({ value: refreshToken })), {
    refreshToken: account.refreshToken,
  });
  await page.goto(path);
  await expect(page.locator("header [aria-haspopup]").first()).toBeVisible();
}

/**
 * Names no catalog words: the brand and its company, the landing's sample experience, the cities of the zones the tests
 * use (a zone's label is its IANA city), and Intl's English months, weekdays and day periods (the pseudo-locale formats
 * as English).
 */
const NAMES = [
  "Experiences Technologies Private Limited",
  "Lisbon Leadership Summit Time Out Market Tram Martim Moniz Palácio Chiado Priya Anna",
  "Lisbon Los Angeles Tokyo New York Sintra Europe America Asia",
  "Olga Organiser Gil Guest Lena Lang Coach From the hotel",
  // The days' stored names ('Day 1'), made in the experience's language: English here.
  "Day",
  "CSV Excel xlsx RSVP",
].join(" ");

/**
 * The words a page shows (text, labels, placeholders, titles, alt texts) in plain ASCII letters, outside ⟦…⟧: the
 * pseudo-locale accents every word it translates, so these were never translated. What people typed (`dir="auto"`,
 * bidi-isolated), initials and NAMES aside.
 */
async function untranslated(page: Page): Promise<string[]> {
  return page.evaluate((names) => {
    const english = new Set(names.split(" "));
    for (let day = 0; day < 31; day++) {
      const date = new Date(Date.UTC(2027, day % 12, 1 + day));
      for (const option of [{ month: "short" }, { month: "long" }, { weekday: "short" }, { weekday: "long" }] as const)
        english.add(new Intl.DateTimeFormat("en", { ...option, timeZone: "UTC" }).format(date));
    }
    for (const word of ["AM", "PM", "UTC", "GMT", "WET", "WEST", "PST", "PDT", "EST", "EDT"]) english.add(word);
    const skipped = (element: Element | null) =>
      !element || element.closest('[dir="auto"], bdi, time, code, script, style, noscript, [aria-hidden="true"], [translate="no"]');
    const found = new Set<string>();
    const check = (text: string | null, where: string) => {
      const outside = (text ?? "").replace(/⟦[^⟧]*⟧/g, " ");
      for (const word of outside.match(/\p{L}+/gu) ?? [])
        if (/^[A-Za-z]{3,}$/.test(word) && !english.has(word)) found.add(`${word} — ${where}`);
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (skipped(parent) || !parent!.checkVisibility()) continue;
      check(node.textContent, `<${parent!.tagName.toLowerCase()}> "${node.textContent!.trim().slice(0, 60)}"`);
    }
    for (const element of document.querySelectorAll("[aria-label], [placeholder], [title], img[alt]")) {
      if (skipped(element)) continue;
      for (const attribute of ["aria-label", "placeholder", "title", "alt"])
        if (element.hasAttribute(attribute)) check(element.getAttribute(attribute), `${attribute} of <${element.tagName.toLowerCase()}>`);
    }
    return [...found];
  }, NAMES);
}

async function expectAllTranslated(page: Page, where: string) {
  await page.waitForLoadState("networkidle");
  expect(await untranslated(page), `untranslated on ${where}`).toEqual([]);
}

async function organiserWithExperience(request: Parameters<typeof lisbonOffsite>[0]) {
  const owner = await registerViaApi(request, "Olga", "Organiser");
  const guest = await registerViaApi(request, "Gil", "Guest");
  const { eventId } = await lisbonOffsite(request, owner);
  await joinViaApi(request, eventId, guest);
  return { owner, guest, eventId };
}

const TABS = ["itinerary", "social", "attendees", "documents", "bulletin", "feedback", "checkin"];

test.describe("every page in the pseudo-locale", () => {
  test("the landing, sign-in and register show no untranslated word", async ({ page }) => {
    await chooseBeforeLoad(page, "en-XA");
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "en-XA");
    await expectAllTranslated(page, "the landing");
    await page.getByRole("button", { name: /⟦/ }).first().click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectAllTranslated(page, "the sign-in panel");
  });

  // Three tests, not one walk: each stays well inside its timeout on a busy machine, and they run side by side.
  test("home, manage, settings and profile, as an organiser", async ({ page, request }) => {
    const { owner, eventId } = await organiserWithExperience(request);
    await chooseBeforeLoad(page, "en-XA");
    await signInIn(page, owner, "/");
    await expectAllTranslated(page, "home");
    await page.goto("/manage/experiences/upcoming");
    await expectAllTranslated(page, "manage");
    await page.goto(`/manage/experiences/upcoming/${eventId}/itinerary`);
    // Settings, opened by its button (named in the pseudo-locale's words of 'Settings').
    await page.getByRole("button", { name: /^⟦\s*Śēţţĩńĝś\s*⟧$/ }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectAllTranslated(page, "Experience Settings");
    await page.keyboard.press("Escape");
    for (const path of ["/profile", "/profile/edit", "/profile/notifications"]) {
      await page.goto(path);
      await expectAllTranslated(page, path);
    }
  });

  test("every tab of an experience in manage mode, check-in included", async ({ page, request }) => {
    const { owner, eventId } = await organiserWithExperience(request);
    await chooseBeforeLoad(page, "en-XA");
    await signInIn(page, owner, "/");
    for (const tab of TABS) {
      await page.goto(`/manage/experiences/upcoming/${eventId}/${tab}`);
      await expectAllTranslated(page, `the ${tab} tab in manage mode`);
    }
  });

  test("every tab of an experience as a guest", async ({ page, request }) => {
    const { guest, eventId } = await organiserWithExperience(request);
    await chooseBeforeLoad(page, "en-XA");
    await signInIn(page, guest, `/experiences/${eventId}/itinerary`);
    for (const tab of ["itinerary", "social", "documents", "bulletin", "feedback"]) {
      await page.goto(`/experiences/${eventId}/${tab}`);
      await expectAllTranslated(page, `the ${tab} tab as a guest`);
    }
  });

  test("the share page, for a visitor", async ({ page, request }) => {
    const { eventId } = await organiserWithExperience(request);
    await chooseBeforeLoad(page, "en-XA");
    await page.goto(`/itinerary/${eventId}`);
    await expectAllTranslated(page, "the share page");
  });
});

test.describe("Arabic at 360 px", () => {
  test.use({ locale: "ar", viewport: PHONE });

  test("reads right to left, never wider than the phone, and passes axe, on the landing, the share page and an experience", async ({
    page,
    request,
  }) => {
    const { owner, eventId } = await organiserWithExperience(request);
    const noOverflow = async (where: string) => {
      await page.waitForLoadState("networkidle");
      await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      const wider = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(wider, `horizontal overflow on ${where}`).toBeLessThanOrEqual(0);
      await expectAccessible(page, where);
    };
    await page.goto("/");
    await noOverflow("the landing");
    await page.goto(`/itinerary/${eventId}`);
    await noOverflow("the share page");
    await signInIn(page, owner, `/manage/experiences/upcoming/${eventId}/itinerary`);
    await noOverflow("the experience");
  });
});

test.describe("a German browser", () => {
  test.use({ locale: "de-DE" });

  test("opens in German with 24-hour times, and an error from the server reads in German", async ({ page, request }) => {
    const { eventId } = await organiserWithExperience(request);
    await page.goto(`/itinerary/${eventId}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByText("09:00", { exact: false }).first()).toBeVisible();
    await expect(page.getByText(/\bAM\b|\bPM\b/)).toHaveCount(0);
    const missing = `/oapi/itinerary/${crypto.randomUUID()}`;
    // The browser's own request, with its Accept-Language (the app's client would name the page's language itself).
    const german = await page.evaluate(async (url) => (await (await fetch(url)).json()) as { error: string }, missing);
    const english = (await (await request.get(missing, { headers: { "Accept-Language": "en" } })).json()) as { error: string };
    expect(german.error).toBeTruthy();
    expect(german.error).not.toBe(english.error);
  });
});

test("an organiser changes their language in Profile and reads it at once, and their next mail is in it", async ({ page, request }) => {
  const owner = await registerViaApi(request, "Lena", "Lang");
  await signInAs(page, owner, "/profile");
  await page.getByLabel("Language").first().selectOption("ja");
  await expect(page.locator("html")).toHaveAttribute("lang", "ja");
  await expect(page.getByLabel("言語").first()).toBeVisible();
  await expect
    .poll(
      async () => ((await (await request.get("/api/profile/user", { headers: bearer(owner) })).json()) as { language: string }).language,
    )
    .toBe("ja");
  await request.post("/oapi/otp", { data: { emailOrPhone: owner.email, otpType: "SIGNIN" } });
  const mail = await latestMail(request, owner.email);
  expect(mail.subject).not.toMatch(/^[\x20-\x7e]*$/);
});
