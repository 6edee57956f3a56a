import { expect, test } from "./fixtures";
import { bearer, isoDate, joinViaApi, registerViaApi, signInAs } from "./support";

// Issue 25, 'Presence and history': a host moves an activity; the owner's History panel says who moved it, when and how.

interface Itinerary {
  programs: { id: string; date: string }[];
}

test("a host moves the coach and the owner's History panel shows 'Coach to Sintra: 09:00 AM → 10:00 AM' with the host's name", async ({
  page,
  request,
}) => {
  const [olga, hugo] = [await registerViaApi(request, "Olga", "Owner"), await registerViaApi(request, "Hugo", "Host")];
  const created = await request.post("/api/events", {
    multipart: {
      name: "Lisbon Offsite",
      startIsoTime: isoDate(3),
      endIsoTime: isoDate(5),
      timeZone: "Europe/Lisbon",
      privacy: "PUBLIC",
      rsvpType: "OPEN",
      isAIMode: "false",
    },
    headers: bearer(olga),
  });
  const { id } = (await created.json()) as { id: string };
  await joinViaApi(request, id, hugo);
  expect((await request.post(`/api/events/${id}/hosts`, { data: { users: [hugo.guid] }, headers: bearer(olga) })).ok()).toBe(true);
  const day = ((await (await request.get(`/oapi/itinerary/${id}`)).json()) as Itinerary).programs[0]!;
  const coach = await request.post(`/api/events/${id}/programs/${day.id}/activity`, {
    multipart: {
      name: "Coach to Sintra",
      description: "From the hotel",
      startIsoTime: `${day.date}T09:00`,
      endIsoTime: `${day.date}T10:00`,
    },
    headers: bearer(olga),
  });
  expect(coach.ok()).toBe(true);
  const { id: activityId } = (await coach.json()) as { id: string };
  const moved = await request.put(`/api/events/${id}/programs/${day.id}/activity/${activityId}`, {
    data: { startIsoTime: `${day.date}T10:00`, endIsoTime: `${day.date}T11:00` },
    headers: bearer(hugo),
  });
  expect(moved.ok()).toBe(true);

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
