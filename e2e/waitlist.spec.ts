import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { bearer, experienceViaApi, joinViaApi, registerViaApi, signInAs } from "./support";

const rsvpRow = (page: Page) => page.getByRole("region", { name: "Your RSVP" });

test.describe("the waitlist", () => {
  test("a guest joining a full experience sees 'You're #1 on the waitlist', and 'Attending' live once a place frees", async ({
    page,
    request,
  }) => {
    const [owner, going, waiting] = await Promise.all([
      registerViaApi(request, "Olga", "Owner"),
      registerViaApi(request, "Gus", "Going"),
      registerViaApi(request, "Wendy", "Waiting"),
    ]);
    const eventId = await experienceViaApi(request, owner, { name: "Full House Weekend", rsvpType: "OPEN" });
    expect((await request.put(`/api/events/${eventId}`, { data: { capacity: 1 }, headers: bearer(owner) })).ok()).toBe(true);
    await joinViaApi(request, eventId, going);

    await page.setViewportSize({ width: 360, height: 740 });
    await signInAs(page, waiting, `/experiences/${eventId}/itinerary`);
    const row = rsvpRow(page);
    // Full: Join says so before the click.
    await row.getByRole("button", { name: "Full — join the waitlist", exact: true }).click();
    await expect(row).toContainText("You're #1 on the waitlist");
    await expect(row.getByRole("button", { name: "Leave waitlist" })).toBeVisible();

    // Gus can't go after all: his place goes to Wendy, whose open page follows without a reload.
    expect((await request.put(`/api/rsvp/respond/${eventId}`, { data: { status: "NO" }, headers: bearer(going) })).ok()).toBe(true);
    await expect(row.getByText("Attending")).toBeVisible();
    await expect(row.getByRole("button", { name: "Can't go" })).toBeVisible();
  });
});
