import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { programs } from "@worker/db/schema";
import { apiAs } from "@worker/test/client";
import { PNG } from "@worker/test/files";
import { db, makeUser } from "@worker/test/helpers";
import { addActivity, experience, storedImage } from "@worker/test/itinerary";
import { expectItineraryInvariants, outcomes } from "@worker/test/itinerary-invariants";
import { DAY, HOUR } from "@worker/test/time";

// Spec of issue 8 §2: requests fired at once, then the invariants read back from D1 and R2.

const daysOf = (token: string) => apiAs(token).api.events[":eventId"].programs;
const reorder = (eventId: string, token: string, programIds: string[]) =>
  daysOf(token).reorder.$post({ param: { eventId }, json: { programIds } });
const copy = (eventId: string, dayId: string, token: string) => daysOf(token)[":dayId"].clone.$post({ param: { eventId, dayId } });
const remove = (eventId: string, dayId: string, token: string) => daysOf(token)[":dayId"].$delete({ param: { eventId, dayId } });

/** An experience whose days each hold an activity at 09:00 on their date, and an uploaded picture on day and activity. */
async function furnished(ownerId: string, dayCount: number) {
  const trip = await experience(ownerId, dayCount);
  for (const [i, day] of trip.days.entries()) {
    await db()
      .update(programs)
      .set({ image: await storedImage(trip.event.id) })
      .where(eq(programs.id, day.id));
    await addActivity(trip.event.id, day.id, trip.start + i * DAY + 9 * HOUR, { image: await storedImage(trip.event.id) });
  }
  return trip;
}

/** A different order of the ids for each n: rotated by n, reversed when n is odd. */
const shuffled = (ids: string[], n: number) => {
  const rotated = [...ids.slice(n % ids.length), ...ids.slice(0, n % ids.length)];
  return n % 2 ? rotated.reverse() : rotated;
};

describe("concurrent writes to the days of one experience", () => {
  it("20 reorders of a 5-day experience at once: each answers 200 or 409, one day per date, activities stay on their days, and the last order that landed is stored", async () => {
    const owner = await makeUser();
    const { event, days } = await furnished(owner.id, 5);
    const ids = days.map((d) => d.id);
    const orders = Array.from({ length: 20 }, (_, n) => shuffled(ids, n + 1));

    const responses = await Promise.all(orders.map((programIds) => reorder(event.id, owner.token, programIds)));

    await outcomes(responses, 200);
    const stored = await expectItineraryInvariants(event.id);
    expect(stored.days).toHaveLength(5);
    const landed = orders.filter((_, i) => responses[i]!.status === 200).map((order) => order.join());
    expect(landed).toContain(stored.days.map((d) => d.id).join());
  });

  it("10 copies of a day at once: each answers 201 or 409, every copy gets its own date, dayIndex and image files", async () => {
    const owner = await makeUser();
    const { event, days } = await furnished(owner.id, 3);

    const responses = await Promise.all(Array.from({ length: 10 }, () => copy(event.id, days[0]!.id, owner.token)));

    const seen = await outcomes(responses, 201);
    const stored = await expectItineraryInvariants(event.id);
    const copies = seen.filter((s) => s === 201).length;
    expect(stored.days).toHaveLength(3 + copies);
    expect(stored.activities).toHaveLength(3 + copies);
    expect(stored.event.endTime.getTime()).toBe(Date.parse(`${stored.days.at(-1)!.date}T00:00:00Z`) + DAY);
  });

  it("deleting all 3 days at once leaves at least one day; the others answer 200, 409 or 'An experience needs at least one day'", async () => {
    const owner = await makeUser();
    const { event, days } = await furnished(owner.id, 3);

    const responses = await Promise.all(days.map((day) => remove(event.id, day.id, owner.token)));

    const seen = await outcomes(responses, 200, ["An experience needs at least one day"]);
    const stored = await expectItineraryInvariants(event.id);
    expect(stored.days.length).toBe(3 - seen.filter((s) => s === 200).length);
    expect(stored.days.length).toBeGreaterThanOrEqual(1);
    expect(stored.event.startTime.toISOString().slice(0, 10)).toBe(stored.days[0]!.date);
  });

  it("copies, deletes, reorders and picture changes mixed at once keep every invariant", async () => {
    const owner = await makeUser();
    const { event, days } = await furnished(owner.id, 4);
    const requests = [
      ...days.map((day) => copy(event.id, day.id, owner.token)),
      remove(event.id, days[1]!.id, owner.token),
      remove(event.id, days[2]!.id, owner.token),
      reorder(event.id, owner.token, [...days.map((d) => d.id)].reverse()),
      ...days.map((day) =>
        daysOf(owner.token)[":dayId"].image.$post({
          param: { eventId: event.id, dayId: day.id },
          form: { file: new File([PNG], "p.png") },
        }),
      ),
      ...days.map((day) => daysOf(owner.token)[":dayId"].$put({ param: { eventId: event.id, dayId: day.id }, json: { image: null } })),
    ];

    const responses = await Promise.all(requests);

    for (const response of responses) expect([200, 201, 400, 404, 409], await response.clone().text()).toContain(response.status);
    await expectItineraryInvariants(event.id);
  });
});
