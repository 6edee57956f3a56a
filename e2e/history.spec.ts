import { expect, test } from "./fixtures";
import {
  activityViaApi,
  experienceViaApi,
  firstDay,
  hostViaApi,
  joinViaApi,
  moveActivityViaApi,
  registerViaApi,
  signInAs,
} from "./support";

// Issue 25, 'Presence and history': a host moves an activity; the owner's History panel says who moved it, when and how.

test("a host moves the coach and the owner's History panel shows 'Coach to Sintra: 09:00 AM → 10:00 AM' with the host's name", async ({
  page,
  request,
}) => {
  const [olga, hugo] = [await registerViaApi(request, "Olga", "Owner"), await registerViaApi(request, "Hugo", "Host")];
  const id = await experienceViaApi(request, olga, { name: "Lisbon Offsite", timeZone: "Europe/Lisbon" });
  await joinViaApi(request, id, hugo);
  await hostViaApi(request, id, olga, hugo);
  const day = await firstDay(request, id);
  const coach = { name: "Coach to Sintra", description: "From the hotel", start: "09:00", end: "10:00" };
  const activityId = await activityViaApi(request, olga, id, day, coach);
  await moveActivityViaApi(request, hugo, { eventId: id, dayId: day.id, date: day.date, activityId }, "10:00", "11:00");

  await signInAs(page, olga, `/manage/experiences/upcoming/${id}/itinerary`);
  await page.getByRole("button", { name: "History" }).click();
  const panel = page.getByRole("dialog", { name: "History" });
  const newest = panel.getByRole("list", { name: "Changes, newest first" }).getByRole("listitem").first();
  await expect(newest).toContainText("Hugo Host");
  await expect(newest).toContainText("Coach to Sintra: 09:00 AM → 10:00 AM");
  await panel.getByRole("combobox", { name: "Person" }).selectOption({ label: "Olga Owner" });
  await expect(panel.getByRole("listitem")).toHaveText([/New: Coach to Sintra/, /Made Hugo Host a host/]);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: "History" })).toBeFocused();
});
