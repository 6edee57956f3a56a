import { expect, type APIRequestContext, type Page, type PageScreenshotOptions } from "@playwright/test";

let counter = 0;
export const uniqueEmail = (label = "user") =>
  `${label}.${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The newest message sent to `to`, read from the development mailbox. */
export async function latestMail(request: APIRequestContext, to: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await request.get("/dev/mailbox.json")).json()) as Mail[];
      found = mails.find((m) => m.to === to.toLowerCase());
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

export const codeIn = (mail: Mail) => /\b(\d{6})\b/.exec(mail.text)![1]!;

export interface Account {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  guid: string;
  authToken: string;
  refreshToken: string;
}

/** Registers an account through the API (OTP from the dev mailbox), for tests about something else. */
export async function registerViaApi(request: APIRequestContext, firstName = "Alex", lastName = "Rivera"): Promise<Account> {
  const email = uniqueEmail(firstName.toLowerCase());
  const password = "correct-horse-battery";
  // A network of its own (wrangler dev keeps a CF-Connecting-IP it is sent), so the suite's many sign-ups stay under the
  // per-network limit on codes, as sign-ups from many people would.
  const client = `198.18.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;
  const { id } = await (await request.post("/oapi/otp", { data: { emailOrPhone: email }, headers: { "CF-Connecting-IP": client } })).json();
  const otp = codeIn(await latestMail(request, email));
  expect((await request.post("/oapi/otp/verify", { data: { id, otp } })).ok()).toBe(true);
  const response = await request.post("/auth/signup", { data: { emailId: email, password, firstName, lastName, id } });
  expect(response.ok()).toBe(true);
  const user = await response.json();
  return { email, password, firstName, lastName, guid: user.guid, authToken: user.authToken, refreshToken: user.refreshToken };
}

/** Opens the app already signed in as `account` (tokens placed where the app keeps them). */
export async function signInAs(page: Page, account: Account, path = "/") {
  await page.addInitScript(
    ({ refreshToken }) => {
      if (!localStorage.getItem("cp.v1.refreshToken")) localStorage.setItem("cp.v1.refreshToken", JSON.stringify({ value: refreshToken }));
    },
    { refreshToken: account.refreshToken },
  );
  await page.goto(path);
  await expect(page.getByRole("button", { name: "User menu" })).toBeVisible();
}

/**
 * A screenshot for a person to look at: e2e/artifacts/<name>.png, or in the folder E2E_SHOTS names (which outlives the
 * run's artifacts). No test reads it, so it is not taken where CI is set; Playwright's own screenshot of a failed test
 * (`screenshot: "only-on-failure"`) still is.
 */
export async function shot(page: Page, name: string, options: Omit<PageScreenshotOptions, "path"> = {}) {
  if (process.env.CI) return;
  await page.screenshot({ ...options, path: `${process.env.E2E_SHOTS ?? "e2e/artifacts"}/${name}.png` });
}

/** A date `daysFromToday` ahead, as the API's dates are written (YYYY-MM-DD). */
export const isoDate = (daysFromToday: number) => new Date(Date.now() + daysFromToday * 86_400_000).toISOString().slice(0, 10);

export const bearer = (account: Account) => ({ Authorization: `Bearer ${account.authToken}` });

interface ExperienceFields {
  name: string;
  privacy?: "PUBLIC" | "PRIVATE";
  rsvpType?: "OPEN" | "OPEN_INVITE" | "INVITE_ONLY";
  /** The first day, in days from today. */
  startsIn?: number;
  days?: number;
  /** The experience's IANA zone (the API's default when left out). */
  timeZone?: string;
}

/** An experience created through the API (no AI), for tests about something else; answers its id. */
export async function experienceViaApi(
  request: APIRequestContext,
  owner: Account,
  { name, privacy = "PUBLIC", rsvpType = "OPEN", startsIn = 3, days = 2, timeZone }: ExperienceFields,
) {
  const form = {
    name,
    ...(timeZone ? { timeZone } : {}),
    startIsoTime: `${isoDate(startsIn)}T00:00:00.000Z`,
    endIsoTime: `${isoDate(startsIn + days)}T00:00:00.000Z`,
    privacy,
    rsvpType,
    isAIMode: "false",
  };
  const response = await request.post("/api/events", { multipart: form, headers: bearer(owner) });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { id: string }).id;
}

/** The person joins the experience through the API (an OPEN experience makes them a guest at once). */
export async function joinViaApi(request: APIRequestContext, eventId: string, person: Account) {
  expect((await request.put(`/api/rsvp/respond/${eventId}`, { data: { status: "YES" }, headers: bearer(person) })).ok()).toBe(true);
}

/** The owner makes `person`, already a participant, a host of the experience. */
export async function hostViaApi(request: APIRequestContext, eventId: string, owner: Account, person: Account) {
  expect((await request.post(`/api/events/${eventId}/hosts`, { data: { users: [person.guid] }, headers: bearer(owner) })).ok()).toBe(true);
}

interface Day {
  id: string;
  date: string;
}

/** The experience's first day, as its public itinerary lists it. */
export async function firstDay(request: APIRequestContext, eventId: string): Promise<Day> {
  const itinerary = (await (await request.get(`/oapi/itinerary/${eventId}`)).json()) as { programs: Day[] };
  return itinerary.programs[0]!;
}

interface ActivityFields {
  name: string;
  description: string;
  /** The day's wall-clock times on the experience's clock, HH:MM. */
  start: string;
  end: string;
  location?: string;
}

/** `by` adds an activity to a day of the experience through the API; answers its id. */
export async function activityViaApi(request: APIRequestContext, by: Account, eventId: string, day: Day, fields: ActivityFields) {
  const { name, description, start, end, location } = fields;
  const response = await request.post(`/api/events/${eventId}/programs/${day.id}/activity`, {
    multipart: {
      name,
      description,
      startIsoTime: `${day.date}T${start}`,
      endIsoTime: `${day.date}T${end}`,
      ...(location ? { location } : {}),
    },
    headers: bearer(by),
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { id: string }).id;
}

/** `by` moves an activity of the day to `start`–`end` (HH:MM on the experience's clock) through the API. */
export async function moveActivityViaApi(
  request: APIRequestContext,
  by: Account,
  { eventId, dayId, date, activityId }: { eventId: string; dayId: string; date: string; activityId: string },
  start: string,
  end: string,
) {
  const moved = await request.put(`/api/events/${eventId}/programs/${dayId}/activity/${activityId}`, {
    data: { startIsoTime: `${date}T${start}`, endIsoTime: `${date}T${end}` },
    headers: bearer(by),
  });
  expect(moved.ok(), await moved.text()).toBe(true);
}

/** A Lisbon experience of `owner`'s from tomorrow (its changes are urgent) with 'Coach to Sintra' at 09:00 on its first day. */
export async function lisbonOffsite(request: APIRequestContext, owner: Account) {
  const eventId = await experienceViaApi(request, owner, { name: "Lisbon Offsite", startsIn: 1, days: 2, timeZone: "Europe/Lisbon" });
  const day = await firstDay(request, eventId);
  const activityId = await activityViaApi(request, owner, eventId, day, {
    name: "Coach to Sintra",
    description: "From the hotel",
    start: "09:00",
    end: "10:00",
  });
  return { eventId, dayId: day.id, date: day.date, activityId };
}

/**
 * Registers a new account in the open sign-up panel (it shows the Email field): the address, the code mailed to it,
 * then the name and the password. Answers the address.
 */
export async function registerInPanel(
  page: Page,
  request: APIRequestContext,
  { label, firstName, lastName, password }: { label: string; firstName: string; lastName: string; password: string },
) {
  const panel = page.getByRole("dialog");
  const email = uniqueEmail(label);
  await panel.getByLabel("Email").fill(email);
  await panel.getByRole("button", { name: "Send OTP" }).click();
  await panel.getByLabel("Verification code").fill(codeIn(await latestMail(request, email)));
  await panel.getByRole("button", { name: "Verify" }).click();
  await panel.getByLabel("First name").fill(firstName);
  await panel.getByLabel("Last name").fill(lastName);
  await panel.getByLabel("Password", { exact: true }).fill(password);
  await panel.getByLabel("Confirm password").fill(password);
  await panel.getByRole("button", { name: "Create account" }).click();
  return email;
}

/**
 * Answers through the auth panel's light path: the name (when asked), the address (unless filled in), then the code from
 * the development mailbox (the newest mail that carries one).
 */
export async function continueWithCode(
  page: Page,
  request: APIRequestContext,
  { email, firstName, lastName }: { email: string; firstName?: string; lastName?: string },
) {
  const panel = page.getByRole("dialog", { name: "Continue with your e-mail" });
  if (firstName !== undefined) await panel.getByLabel("First name").fill(firstName);
  if (lastName !== undefined) await panel.getByLabel("Last name").fill(lastName);
  const emailField = panel.getByLabel("Email");
  if ((await emailField.inputValue()) !== email) await emailField.fill(email);
  await panel.getByRole("button", { name: "Send code" }).click();
  await expect(panel.getByLabel("Verification code")).toBeVisible();
  let code: string | undefined;
  await expect
    .poll(async () => {
      const mail = await latestMail(request, email);
      code = mail.subject === "Your Experiences verification code" ? codeIn(mail) : undefined;
      return code;
    })
    .toBeTruthy();
  await panel.getByLabel("Verification code").fill(code!);
  await panel.getByRole("button", { name: "Continue" }).click();
  await expect(panel).toHaveCount(0);
}
