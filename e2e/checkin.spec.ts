import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { browserWithCamera, qrVideo } from "./camera";
import { expect, expectAccessible, test } from "./fixtures";
import { baseURL } from "./playwright.config";
import { bearer, experienceViaApi, hostViaApi, joinViaApi, registerViaApi, signInAs, type Account } from "./support";

// Issue 23: check-in at the venue. Each gate is its own browser whose camera (Chromium's fake one) films a pass's QR
// code, made by ffmpeg from the real token the guest's page shows: the app reads it as it would a phone held up to the
// lens, through the zxing-wasm reader (Chromium on Linux has no native BarcodeDetector).

interface Sheet {
  checkins: { rsvpId: string | null; device: string; offline: boolean; doubleAdmission: boolean }[];
}

async function passToken(request: APIRequestContext, eventId: string, guest: Account): Promise<string> {
  const response = await request.get(`/api/events/${eventId}/pass`, { headers: bearer(guest) });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

async function sheetOf(request: APIRequestContext, eventId: string, organiser: Account): Promise<Sheet> {
  return (await (await request.get(`/api/events/${eventId}/checkin/list`, { headers: bearer(organiser) })).json()) as Sheet;
}

/** The same pass with another serial in its payload and the original signature: what a forger can make. */
function forged(token: string): string {
  const [header, payload, signature] = token.split(".") as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as { s: string };
  const altered = Buffer.from(JSON.stringify({ ...claims, s: "0000000000000000" })).toString("base64url");
  return [header, altered, signature].join(".");
}

/** An organiser's Check-in screen in `browser`, its scanner named `gate`, in a Tokyo browser (the venue is Lisbon). */
async function openGate(browser: Browser, organiser: Account, eventId: string, gate: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, timezoneId: "Asia/Tokyo" });
  const page = await context.newPage();
  await signInAs(page, organiser, `/manage/experiences/upcoming/${eventId}/checkin`);
  await page.getByLabel("Scanner name").fill(gate);
  return page;
}

const verdict = (page: Page) => page.locator("[data-verdict]");

test.describe("check-in at the venue", () => {
  test.describe.configure({ mode: "serial" });
  const cameras: Browser[] = [];
  test.afterEach(async () => {
    await Promise.all(cameras.splice(0).map((browser) => browser.close()));
  });

  test("the host's camera admits a guest, and a second gate says who let them in", async ({ page, request }) => {
    const [owner, host, guest] = await Promise.all([
      registerViaApi(request, "Olga", "Owner"),
      registerViaApi(request, "Hana", "Host"),
      registerViaApi(request, "Gus", "Guest"),
    ]);
    const eventId = await experienceViaApi(request, owner, { name: "Lisbon Gala", timeZone: "Europe/Lisbon" });
    await joinViaApi(request, eventId, host);
    await hostViaApi(request, eventId, owner, host);
    await joinViaApi(request, eventId, guest);
    // The guest's own page shows the pass the gate will film.
    await signInAs(page, guest, `/experiences/${eventId}/itinerary`);
    const pass = page.getByRole("region", { name: "Your pass" });
    await expect(pass.getByText("Show it at the entrance")).toBeVisible();
    const video = await qrVideo([await passToken(request, eventId, guest)]);
    cameras.push(await browserWithCamera(video), await browserWithCamera(video));

    const gate1 = await openGate(cameras[0]!, owner, eventId, "Gate 1");
    const gate2 = await openGate(cameras[1]!, host, eventId, "Gate 2");
    await expect(gate2.getByText("Checked in 0 / 2")).toBeVisible();

    await gate1.getByRole("button", { name: "Start camera" }).click();
    await expect(verdict(gate1)).toHaveAttribute("data-verdict", "CHECKED_IN");
    await expect(verdict(gate1)).toContainText("Gus Guest");
    // The other gate hears of it live, without a reload (the host, attending too, has a pass of her own).
    await expect(gate2.getByText("Checked in 1 / 2")).toBeVisible();
    await expectAccessible(gate1, "a gate after an admission");
    // And the guest's pass says so, on the venue's clock, as soon as the gate let them in.
    await expect(pass.getByText(/^Checked in \d\d:\d\d [AP]M (WET|WEST|Lisbon time)$/)).toBeVisible();

    await gate2.getByRole("button", { name: "Start camera" }).click();
    await expect(verdict(gate2)).toHaveAttribute("data-verdict", "ALREADY_CHECKED_IN");
    await expect(verdict(gate2)).toContainText(/Already checked in by Olga Owner at \d\d:\d\d [AP]M (WET|WEST|Lisbon time), Gate 1/);
    await expectAccessible(gate2, "a gate refusing a second entry");

    const { checkins } = await sheetOf(request, eventId, owner);
    expect(checkins.map((checkin) => checkin.device)).toEqual(["Gate 1"]);
  });

  test("offline, a gate refuses a forged pass and admits a valid one, then sends the admission once the network returns", async ({
    request,
  }) => {
    const [owner, guest] = await Promise.all([registerViaApi(request, "Olga", "Owner"), registerViaApi(request, "Ines", "Guest")]);
    const eventId = await experienceViaApi(request, owner, { name: "Lisbon Offsite", timeZone: "Europe/Lisbon" });
    await joinViaApi(request, eventId, guest);
    const token = await passToken(request, eventId, guest);
    cameras.push(await browserWithCamera(await qrVideo([forged(token), token])));

    const gate = await openGate(cameras[0]!, owner, eventId, "Gate 1");
    await gate.getByRole("button", { name: "Prepare for offline" }).click();
    await expect(gate.getByText("This device can check guests in without a network.")).toBeVisible();
    await gate.context().setOffline(true);

    await gate.getByRole("button", { name: "Start camera" }).click();
    const recent = gate.getByRole("region", { name: "Recent scans" });
    await expect(recent.getByText("Not a valid pass").first()).toBeVisible();
    await expect(recent.getByText(/Checked in · Ines Guest/)).toBeVisible();
    await expect(gate.getByText("Offline — scans are kept on this device and sent when the network returns")).toBeVisible();
    await gate.getByRole("button", { name: "Stop camera" }).click();
    expect((await sheetOf(request, eventId, owner)).checkins).toEqual([]);

    await gate.context().setOffline(false);
    await expect(gate.getByText("Offline — scans are kept on this device")).toBeHidden({ timeout: 20_000 });
    await expect
      .poll(async () => (await sheetOf(request, eventId, owner)).checkins)
      .toEqual([expect.objectContaining({ device: "Gate 1", offline: true, doubleAdmission: false })]);
  });
});
