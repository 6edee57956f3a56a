import type { InferRequestType } from "hono/client";
import { describe, expect, it } from "vitest";
import { HISTORY_ONLY_DIGEST } from "@worker/domain/change-log";
import { describeChange, foldChanges } from "@worker/domain/change-text";
import { addDays, localDate } from "@worker/shared/time-zone";
import { loggedChanges, onlyChange, toldChanges } from "@worker/test/change-log";
import { apiAs } from "@worker/test/client";
import { makeUser, addGuest } from "@worker/test/helpers";
import { outcomes } from "@worker/test/itinerary-invariants";
import { MINUTE, iso } from "@worker/test/time";
import { at, zonedActivity, zonedExperience } from "@worker/test/zoned";
import { PLACE, put, remove, create } from "./activities.test-support";

// Issue 22: every itinerary write a guest cares about logs its change-log rows in its own batch; a refused, lost or
// no-op write logs nothing.

const LISBON = "Europe/Lisbon";
const eventOf = (token: string) => apiAs(token).api.events[":id"];
type EventChange = InferRequestType<ReturnType<typeof eventOf>["$put"]>["json"];
const putEvent = (id: string, token: string, json: EventChange) => eventOf(token).$put({ param: { id }, json });
const daysOf = (token: string) => apiAs(token).api.events[":eventId"].programs;
const addDay = (eventId: string, token: string) => daysOf(token).$post({ param: { eventId } });
const clone = (eventId: string, dayId: string, token: string) => daysOf(token)[":dayId"].clone.$post({ param: { eventId, dayId } });
const removeDay = (eventId: string, dayId: string, token: string) => daysOf(token)[":dayId"].$delete({ param: { eventId, dayId } });
const reorder = (eventId: string, token: string, programIds: string[]) =>
  daysOf(token).reorder.$post({ param: { eventId }, json: { programIds } });

/** A Lisbon experience from tomorrow (local), with 'Coach to Sintra' at 09:00-10:00 on its first day. */
async function lisbon(dayCount = 3) {
  const owner = await makeUser({ firstName: "Olga" });
  const guest = await makeUser({ firstName: "Gus" });
  const firstDate = addDays(localDate(Date.now(), LISBON), 1);
  const { event, days } = await zonedExperience(owner.id, LISBON, firstDate, dayCount, { name: "Lisbon Retreat" });
  await addGuest(event.id, guest);
  const coach = await zonedActivity(event.id, days[0]!.id, at(firstDate, "09:00", LISBON), at(firstDate, "10:00", LISBON), {
    name: "Coach to Sintra",
  });
  return { owner, guest, event, days, coach, firstDate };
}

describe("the change log of an activity", () => {
  it("logs 'Coach to Sintra: 09:00 AM → 08:30 AM Lisbon time' (urgent, for the audience) when the organiser moves it", async () => {
    const { owner, event, days, coach, firstDate } = await lisbon();
    const response = await put(event.id, days[0]!.id, coach.id, owner.token, { startIsoTime: `${firstDate}T08:30` });
    expect(response.status).toBe(200);

    expect(await onlyChange(event.id)).toMatchObject({
      kind: "itinerary",
      subjectType: "activity",
      subjectId: coach.id,
      field: "start",
      label: "Coach to Sintra",
      actorId: owner.id,
      recipientId: null,
      urgent: true,
      oldValue: { at: iso(at(firstDate, "09:00", LISBON)), timeZone: LISBON },
      newValue: { at: iso(at(firstDate, "08:30", LISBON)), timeZone: LISBON },
    });
    expect(await toldChanges(event.id)).toEqual(["Coach to Sintra: 09:00 AM → 08:30 AM Lisbon time"]);
  });

  it("logs a new place by its name and a new zone; a description for the History panel alone; nothing for a PUT that changes nothing", async () => {
    const { owner, event, days, coach, firstDate } = await lisbon();
    const path = [event.id, days[0]!.id, coach.id, owner.token] as const;
    expect((await put(...path, { name: "Coach to Sintra", description: "Bring water" })).status).toBe(200);
    expect((await put(...path, { startIsoTime: `${firstDate}T09:00`, endIsoTime: `${firstDate}T10:00` })).status).toBe(200);
    const edits = await loggedChanges(event.id);
    expect(edits.map((row) => [row.field, row.newValue, row.digestId])).toEqual([["description", "Bring water", HISTORY_ONLY_DIGEST]]);
    expect(await toldChanges(event.id)).toEqual([]);

    expect((await put(...path, { location: PLACE })).status).toBe(200);
    expect((await put(...path, { timeZone: "Europe/Madrid" })).status).toBe(200);
    expect(await toldChanges(event.id)).toEqual(["Coach to Sintra: no place → Time Out Market", "Coach to Sintra: now on Madrid time"]);
    const [, place, zone] = await loggedChanges(event.id);
    expect([place!.oldValue, place!.newValue, zone!.oldValue, zone!.newValue]).toEqual([null, "Time Out Market", LISBON, "Europe/Madrid"]);
  });

  it("logs an activity added with its start and one deleted as cancelled; a refused write logs nothing", async () => {
    const { owner, guest, event, days, coach, firstDate } = await lisbon();
    // Refused: a guest (403), times that cross (400), another day's path (404).
    expect((await put(event.id, days[0]!.id, coach.id, guest.token, { startIsoTime: `${firstDate}T08:00` })).status).toBe(403);
    expect((await put(event.id, days[0]!.id, coach.id, owner.token, { startIsoTime: `${firstDate}T11:00` })).status).toBe(400);
    expect((await remove(event.id, days[1]!.id, coach.id, owner.token)).status).toBe(404);
    expect(await loggedChanges(event.id)).toEqual([]);

    const created = await create(event.id, days[2]!.id, owner.token, {
      name: "Fado night",
      description: "Alfama",
      startIsoTime: `${addDays(firstDate, 2)}T21:00`,
      endIsoTime: `${addDays(firstDate, 2)}T23:00`,
    });
    expect(created.status).toBe(201);
    const { id } = await created.json();
    expect((await remove(event.id, days[0]!.id, coach.id, owner.token)).status).toBe(200);

    const rows = await loggedChanges(event.id);
    expect(rows.map((row) => [row.subjectId, row.field, row.urgent])).toEqual([
      [id, "added", false],
      [coach.id, "removed", true],
    ]);
    expect(rows[0]!.newValue).toEqual({ at: iso(at(addDays(firstDate, 2), "21:00", LISBON)), timeZone: LISBON });
    expect(rows[1]!.oldValue).toEqual({ at: iso(at(firstDate, "09:00", LISBON)), timeZone: LISBON });
    const told = await toldChanges(event.id);
    expect(told[0]).toMatch(/^New: Fado night, .+, 09:00 PM Lisbon time$/);
    expect(told[1]).toMatch(/^Cancelled: Coach to Sintra \(.+, 09:00 AM Lisbon time\)$/);
  });

  it("10 PUTs of the start at once log one row per PUT that landed, chained from the stored start to the one that stays", async () => {
    const { owner, event, days, coach, firstDate } = await lisbon();
    const starts = Array.from({ length: 10 }, (_, i) => at(firstDate, "08:00", LISBON) + i * MINUTE);
    const responses = await Promise.all(
      starts.map((start) => put(event.id, days[0]!.id, coach.id, owner.token, { startIsoTime: iso(start) })),
    );
    const seen = await outcomes(responses, 200);

    const rows = await loggedChanges(event.id);
    expect(rows).toHaveLength(seen.filter((status) => status === 200).length);
    const chain = rows.map((row) => [(row.oldValue as { at: string }).at, (row.newValue as { at: string }).at]);
    chain.forEach(([, to], i) => expect(chain[i + 1]?.[0] ?? to).toBe(to));
    expect(chain[0]![0]).toBe(iso(coach.startTime.getTime()));
    const stored = (await (await apiAs(owner.token).oapi.itinerary[":eventId"].$get({ param: { eventId: event.id } })).json()).programs[0]!
      .activities[0]!;
    expect(chain.at(-1)![1]).toBe(stored.startDateTime);
  });
});

describe("the change log of days", () => {
  it("logs a day added, copied and removed, each with its date", async () => {
    const { owner, event, days, firstDate } = await lisbon(2);
    expect((await addDay(event.id, owner.token)).status).toBe(201);
    expect((await clone(event.id, days[0]!.id, owner.token)).status).toBe(201);
    expect((await removeDay(event.id, days[0]!.id, owner.token)).status).toBe(200);

    const rows = await loggedChanges(event.id);
    const dayRows = rows.filter((row) => row.subjectType === "day");
    expect(dayRows.map((row) => [row.subjectType, row.field, row.label, row.oldValue ?? row.newValue, row.urgent])).toEqual([
      ["day", "added", "Day 3", addDays(firstDate, 2), false],
      ["day", "added", "Day 4", addDays(firstDate, 3), false],
      ["day", "removed", "Day 1", firstDate, true],
    ]);
    // Its activities are logged as removed with it, for calendar feeds to cancel; guests are told the day's line alone.
    const activityRows = rows.filter((row) => row.subjectType === "activity");
    expect(activityRows.map((row) => [row.field, row.label, row.programId])).toEqual([["removed", "Coach to Sintra", days[0]!.id]]);
    expect(foldChanges(rows).map(describeChange)).not.toContainEqual(expect.stringMatching(/^Cancelled/));
  });

  it("logs each moved activity's new times when days are reordered, and each day's new date when more than 20 moved", async () => {
    const { owner, event, days, firstDate } = await lisbon(2);
    expect((await reorder(event.id, owner.token, [days[1]!.id, days[0]!.id])).status).toBe(200);
    expect(await toldChanges(event.id)).toEqual([
      expect.stringMatching(/^Coach to Sintra: .+, 09:00 AM → .+, 09:00 AM Lisbon time$/),
      expect.stringMatching(/^Coach to Sintra ends: /),
    ]);
    const [start] = await loggedChanges(event.id);
    expect(start!.newValue).toEqual({ at: iso(at(addDays(firstDate, 1), "09:00", LISBON)), timeZone: LISBON });

    const second = await lisbon(2);
    for (let i = 0; i < 21; i++) {
      const from = at(second.firstDate, "08:00", LISBON) + i * 10 * MINUTE;
      await zonedActivity(second.event.id, second.days[0]!.id, from, from + 5 * MINUTE);
    }
    expect((await reorder(second.event.id, second.owner.token, [second.days[1]!.id, second.days[0]!.id])).status).toBe(200);
    const rows = await loggedChanges(second.event.id);
    expect(rows.map((row) => [row.subjectType, row.field, row.label, row.oldValue, row.newValue])).toEqual([
      ["day", "dates", "Day 2", span(addDays(second.firstDate, 1)), span(second.firstDate)],
      ["day", "dates", "Day 1", span(second.firstDate), span(addDays(second.firstDate, 1))],
    ]);
  });
});

const span = (date: string, end = date) => ({ start: date, end, timeZone: LISBON });

describe("the change log of the experience's dates and zone", () => {
  it("logs the new dates and each moved activity, only the dates when more than 20 moved, and nothing for a refused change", async () => {
    const { owner, event, firstDate } = await lisbon(2);
    const nextWeek = addDays(firstDate, 7);
    expect((await putEvent(event.id, owner.token, { startIsoTime: nextWeek })).status).toBe(200);
    const rows = await loggedChanges(event.id);
    expect(rows.map((row) => [row.subjectType, row.field, row.urgent])).toEqual([
      ["experience", "dates", true],
      ["activity", "start", true],
      ["activity", "end", true],
    ]);
    expect(rows[0]).toMatchObject({ label: "Lisbon Retreat", oldValue: span(firstDate, addDays(firstDate, 1)) });
    expect(rows[0]!.newValue).toEqual(span(nextWeek, addDays(nextWeek, 1)));
    expect((await toldChanges(event.id))[0]).toMatch(/^Dates: .+ → .+$/);

    // Shorter than its activities: refused (409), nothing logged.
    const before = rows.length;
    const crowded = await lisbon(2);
    await zonedActivity(
      crowded.event.id,
      crowded.days[1]!.id,
      at(addDays(crowded.firstDate, 1), "09:00", LISBON),
      at(addDays(crowded.firstDate, 1), "10:00", LISBON),
    );
    const refused = await putEvent(crowded.event.id, crowded.owner.token, {
      startIsoTime: crowded.firstDate,
      endIsoTime: crowded.firstDate,
    });
    expect(refused.status).toBe(409);
    expect(await loggedChanges(crowded.event.id)).toEqual([]);
    expect(await loggedChanges(event.id)).toHaveLength(before);

    for (let i = 0; i < 21; i++) {
      const from = at(crowded.firstDate, "11:00", LISBON) + i * 10 * MINUTE;
      await zonedActivity(crowded.event.id, crowded.days[0]!.id, from, from + 5 * MINUTE);
    }
    expect((await putEvent(crowded.event.id, crowded.owner.token, { startIsoTime: addDays(crowded.firstDate, 3) })).status).toBe(200);
    expect((await loggedChanges(crowded.event.id)).map((row) => row.field)).toEqual(["dates"]);
  });

  it("logs a new zone for the experience and the activities whose times moved with it: 'Coach to Sintra: 09:00 AM Lisbon time → 09:00 AM Madrid time'", async () => {
    const { owner, event } = await lisbon(2);
    expect((await putEvent(event.id, owner.token, { timeZone: "Europe/Madrid" })).status).toBe(200);
    expect(await toldChanges(event.id)).toEqual([
      "Lisbon Retreat: now on Madrid time",
      "Coach to Sintra: 09:00 AM Lisbon time → 09:00 AM Madrid time",
      "Coach to Sintra ends: 10:00 AM Lisbon time → 10:00 AM Madrid time",
    ]);
    // Kept moments: nothing moved but the clock the times are told on.
    const kept = await lisbon(2);
    expect((await putEvent(kept.event.id, kept.owner.token, { timeZone: "Europe/Madrid", timeZoneMode: "KEEP_MOMENTS" })).status).toBe(200);
    expect((await loggedChanges(kept.event.id)).map((row) => [row.subjectType, row.field, row.oldValue, row.newValue])).toEqual([
      ["experience", "timeZone", LISBON, "Europe/Madrid"],
    ]);
  });
});
