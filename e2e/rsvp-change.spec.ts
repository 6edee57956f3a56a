import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { bearer, shot, signInAs, type Account } from "./support";

const rsvpRow = (page: Page) => page.getByRole("region", { name: "Your RSVP" });

/** Signs in through the API as one of the demo accounts `npm start` seeds (README, 'A 5-minute tour'). */
async function demoAccount(request: APIRequestContext, email: string): Promise<Account> {
  const password = "experiences-demo";
  const response = await request.post("/auth/signin", { data: { emailOrPhone: email, password } });
  expect(response.ok(), `signed in as ${email}`).toBe(true);
  const user = (await response.json()) as Omit<Account, "email" | "password">;
  return { ...user, email, password };
}

test.describe("changing an answer", () => {
  test("Grace, attending the demo experience, chooses 'Can't go' on a phone, confirms, sees 'Declined', then 'Going' asks the hosts again", async ({
    page,
    request,
  }) => {
    expect((await request.post("/dev/seed")).ok()).toBe(true);
    const grace = await demoAccount(request, "guest@experiences.app");
    const dana = await demoAccount(request, "demo@experiences.app");
    const mine = (await (await request.get("/api/events", { headers: bearer(grace) })).json()) as { id: string; name: string }[];
    const eventId = mine.find((event) => event.name === "Lisbon Leadership Retreat")!.id;

    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, grace, `/experiences/${eventId}/itinerary`);
    const row = rsvpRow(page);
    await expect(row.getByText("Attending")).toBeVisible();
    const before = await row.boundingBox();
    await row.getByRole("button", { name: "Can't go" }).click();
    const dialog = page.getByRole("dialog", { name: "Can't go?" });
    // The demo is 'Request to join': coming back is not immediate, and the dialog says so before anything changes.
    await expect(dialog).toContainText("Coming back will need a host's approval again.");
    await expectAccessible(page, "the 'Can't go' confirmation on a phone");
    await shot(page, "rsvp-cant-go-confirm-390");
    await dialog.getByRole("button", { name: "Can't go" }).click();

    await expect(dialog).toBeHidden();
    await expect(row.getByText("Declined")).toBeVisible();
    await expect(row).toContainText("Going again needs a host's approval");
    await expect(page.getByText("You're off the guest list")).toBeVisible();
    const going = row.getByRole("button", { name: "Going" });
    await expect(going).toBeFocused();
    expect((await row.boundingBox())?.height, "the row keeps its height").toBe(before?.height);
    await expectAccessible(page, "'Declined' with 'Going' on a phone");
    await shot(page, "rsvp-declined-390");

    await going.click();
    await expect(row.getByText("Approval Pending")).toBeVisible();
    await expect(page.getByText("Request sent — a host will approve it")).toBeVisible();

    // Dana approves the request: Grace's open page shows 'Attending' again without a reload.
    const self = (await (await request.get(`/api/rsvp/event/self/${eventId}`, { headers: bearer(grace) })).json()) as {
      rsvp: { id: string };
    };
    const approved = await request.put("/api/rsvp", { data: { eventId, status: "YES", rsvps: [self.rsvp.id] }, headers: bearer(dana) });
    expect(approved.ok()).toBe(true);
    await expect(row.getByText("Attending")).toBeVisible();
    await expect(row.getByRole("button", { name: "Can't go" })).toBeVisible();
  });
});
