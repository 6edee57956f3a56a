import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activities, activityDocuments } from "../../db/schema";
import { apiAs, errorOf, type Answer } from "../../test/client";
import { PDF, PNG } from "../../test/files";
import { db, makeUser } from "../../test/helpers";
import { addActivity, experience } from "../../test/itinerary";
import { expectItineraryInvariants, outcomes } from "../../test/itinerary-invariants";
import { HOUR, iso, MINUTE } from "../../test/time";

// Spec of issue 8 §2: requests fired at once, then the invariants read back from D1 and R2.

const activityOf = (token: string) => apiAs(token).api.events[":eventId"].programs[":dayId"].activity[":activityId"];

describe("concurrent writes to one activity", () => {
  it("20 PUTs of only a start or only an end at once never store a start after its end, nor an activity off its day", async () => {
    const owner = await makeUser();
    const { event, start, days } = await experience(owner.id);
    const walk = await addActivity(event.id, days[0]!.id, start + 10 * HOUR);
    // Each change is valid against the stored 10:00-11:00, but a new start and a new end can cross.
    const changes = Array.from({ length: 20 }, (_, i) =>
      i % 2 ? { startIsoTime: iso(start + 10 * HOUR + (30 + i) * MINUTE) } : { endIsoTime: iso(start + 10 * HOUR + (5 + i) * MINUTE) },
    );

    const responses = await Promise.all(
      changes.map((json) => activityOf(owner.token).$put({ param: { eventId: event.id, dayId: days[0]!.id, activityId: walk.id }, json })),
    );

    await outcomes(responses, 200, ["End time must be after start time"]);
    await expectItineraryInvariants(event.id);
    const [stored] = await db().select().from(activities).where(eq(activities.id, walk.id));
    expect(stored!.startTime.getTime()).toBeLessThan(stored!.endTime.getTime());
  });

  it("10 picture uploads to one activity at once leave exactly the stored picture's file in R2", async () => {
    const owner = await makeUser();
    const { event, start, days } = await experience(owner.id);
    const walk = await addActivity(event.id, days[0]!.id, start + 10 * HOUR);

    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        activityOf(owner.token).image.$post({ param: { eventId: event.id, dayId: days[0]!.id, activityId: walk.id }, form: { file: new File([PNG], "p.png") } }),
      ),
    );

    await outcomes(responses, 200);
    const stored = await expectItineraryInvariants(event.id);
    expect(stored.objects).toHaveLength(1);
  });

  it("linking a document while it is deleted never links a missing document: each link answers 200, 409 or 'Unknown document', never 500", async () => {
    const owner = await makeUser();
    const { event, start, days } = await experience(owner.id);
    const walks = await Promise.all(Array.from({ length: 12 }, (_, i) => addActivity(event.id, days[0]!.id, start + (8 + i) * HOUR)));
    const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    // The race is a few milliseconds wide: each round starts the deletion a little later among links sent 1 ms apart.
    for (let delay = 0; delay < 10; delay++) {
      const upload = await apiAs(owner.token).api.documents.event[":eventId"].common.$post({ param: { eventId: event.id }, form: { files: new File([PDF], "a.pdf") } });
      const [doc] = await upload.json();

      // Refusals are not in the routes' types: the answers are read as any answer.
      const [removal, ...links]: Answer[] = await Promise.all([
        later(delay).then(() => apiAs(owner.token).api.documents[":documentId"].$delete({ param: { documentId: doc!.id } })),
        ...walks.map((walk, i) =>
          later(i).then(() => activityOf(owner.token).$put({ param: { eventId: event.id, dayId: days[0]!.id, activityId: walk.id }, json: { documents: [doc!.id] } })),
        ),
      ]);

      await outcomes([removal!], 200);
      for (const link of links) {
        expect([200, 400, 409], await link.clone().text()).toContain(link.status);
        if (link.status === 400) expect(await errorOf(link)).toBe("Unknown document");
      }
      expect(await db().select().from(activityDocuments)).toEqual([]);
    }
    await expectItineraryInvariants(event.id);
  });
});
