import { describe, expect, it } from "vitest";
import { HISTORY_ONLY_DIGEST } from "@worker/domain/change-log";
import { loggedChanges } from "@worker/test/change-log";
import { apiAs } from "@worker/test/client";
import { makeUser } from "@worker/test/helpers";
import { addActivity, experience } from "@worker/test/itinerary";
import { HOUR } from "@worker/test/time";

// Issue 36: the History panel lists every organiser edit, old → new, renames, descriptions, pictures and settings
// included; those rows are the panel's alone (no digest, push or 'What changed' takes them).

const PEXELS = { source: "PEXELS" as const, rawUrl: "https://images.pexels.com/1.jpg" };

async function trip() {
  const owner = await makeUser({ firstName: "Olga", lastName: "Owner" });
  const made = await experience(owner.id, 2, { name: "Lake trip", timeZone: "Europe/Lisbon", startTime: new Date(Date.UTC(2027, 0, 10)) });
  const coach = await addActivity(made.event.id, made.days[0]!.id, made.start + 9 * HOUR, { name: "Coach" });
  const api = apiAs(owner.token).api.events;
  const history = async () => {
    const response = await api[":eventId"].history.$get({ param: { eventId: made.event.id }, query: {} });
    expect(response.status).toBe(200);
    return (await response.json()).changes.map(({ subjectType, field, text, from, to }) => ({ subjectType, field, text, from, to }));
  };
  return { owner, api, history, coach, ...made };
}

describe("History: the organisers' edits no guest acts on", () => {
  it("lists the experience's rename, subtitle, description, privacy, RSVP type and capacity with old → new", async () => {
    const { api, event, history } = await trip();
    const edit = await api[":id"].$put({
      param: { id: event.id },
      json: {
        name: "Lake weekend",
        subtitle: "Two days",
        description: "Bring boots",
        privacy: "PRIVATE",
        rsvpType: "INVITE_ONLY",
        capacity: 12,
      },
    });
    expect(edit.status).toBe(200);
    const changes = await history();
    expect(changes).toEqual(
      expect.arrayContaining([
        { subjectType: "experience", field: "name", text: "Renamed: “Lake trip” → “Lake weekend”", from: "Lake trip", to: "Lake weekend" },
        expect.objectContaining({ field: "subtitle", text: "Lake weekend: subtitle changed", to: "Two days" }),
        expect.objectContaining({ field: "description", text: "Lake weekend: description changed", to: "Bring boots" }),
        expect.objectContaining({ field: "privacy", text: "Privacy: Public → Private", from: "Public", to: "Private" }),
        expect.objectContaining({ field: "rsvpType", from: expect.any(String), to: "Invite only" }),
        expect.objectContaining({ field: "capacity", text: "Capacity: No limit → 12", from: "No limit", to: "12" }),
      ]),
    );
    expect((await api[":id"].$put({ param: { id: event.id }, json: { capacity: null } })).status).toBe(200);
    expect((await history())[0]).toMatchObject({ field: "capacity", from: "12", to: "No limit" });
  });

  it("says 'Cover image changed' for a new cover, and '{day}: picture changed' for a day's or an activity's picture", async () => {
    const { api, event, days, coach, history } = await trip();
    expect((await api[":id"].image.external.$post({ param: { id: event.id }, json: PEXELS })).status).toBe(200);
    const dayPath = { eventId: event.id, dayId: days[0]!.id };
    expect((await api[":eventId"].programs[":dayId"].image.external.$post({ param: dayPath, json: PEXELS })).status).toBe(200);
    const activityPath = { ...dayPath, activityId: coach.id };
    const activityImage = api[":eventId"].programs[":dayId"].activity[":activityId"].image.external;
    expect((await activityImage.$post({ param: activityPath, json: PEXELS })).status).toBe(200);
    const [activity, day, cover] = await history();
    expect(cover).toEqual({ subjectType: "experience", field: "image", text: "Cover image changed", from: null, to: null });
    expect(day).toMatchObject({ subjectType: "day", field: "image", text: `${days[0]!.name}: picture changed` });
    expect(activity).toMatchObject({ subjectType: "activity", field: "image", text: "Coach: picture changed" });
  });

  it("lists a day's and an activity's rename and description, and keeps them out of every digest", async () => {
    const { api, event, days, coach, history } = await trip();
    const dayPath = { eventId: event.id, dayId: days[0]!.id };
    expect((await api[":eventId"].programs[":dayId"].$put({ param: dayPath, json: { name: "Arrival" } })).status).toBe(200);
    const activity = api[":eventId"].programs[":dayId"].activity[":activityId"];
    const edit = await activity.$put({
      param: { ...dayPath, activityId: coach.id },
      json: { name: "Coach to the lake", description: "Seats 40" },
    });
    expect(edit.status).toBe(200);
    expect(await history()).toEqual(
      expect.arrayContaining([
        { subjectType: "day", field: "name", text: `Renamed: “${days[0]!.name}” → “Arrival”`, from: days[0]!.name, to: "Arrival" },
        { subjectType: "activity", field: "name", text: "Renamed: “Coach” → “Coach to the lake”", from: "Coach", to: "Coach to the lake" },
        expect.objectContaining({
          subjectType: "activity",
          field: "description",
          text: "Coach to the lake: description changed",
          to: "Seats 40",
        }),
      ]),
    );
    const rows = await loggedChanges(event.id);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.every((row) => row.digestId === HISTORY_ONLY_DIGEST)).toBe(true);
  });
});
