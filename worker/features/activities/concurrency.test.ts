import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activities, activityDocuments } from "@worker/db/schema";
import { apiAs, errorOf, type Answer } from "@worker/test/client";
import { PDF, PNG } from "@worker/test/files";
import { db, makeUser } from "@worker/test/helpers";
import { addActivity, experience } from "@worker/test/itinerary";
import { expectItineraryInvariants, outcomes } from "@worker/test/itinerary-invariants";
import { HOUR, iso, MINUTE } from "@worker/test/time";

// Spec of issue 8 §2: requests fired at once, then the invariants read back from D1 and R2.

const activityOf = (token: string) => apiAs(token).api.events[":eventId"].programs[":dayId"].activity[":activityId"];

// Rounds of parallel writes on a busy 2-core machine: more than the default 5 s, never a time assertion.
const ROUNDS = { timeout: 30_000 };

describe("concurrent writes to one activity", () => {
  it(
    "20 PUTs of only a start or only an end at once never store a start after its end, nor an activity off its day (10 rounds)",
    ROUNDS,
    async () => {
      const owner = await makeUser();
      const { event, start, days } = await experience(owner.id);
      const walk = await addActivity(event.id, days[0]!.id, start + 10 * HOUR);
      // Each change is valid against the stored 10:00-11:00, but a start from 10:30 and an end before 10:20 cross.
      // The first requests sent often land before the others read; their times (end 10:57-10:58, start
      // 10:02-10:03) keep every crossing pair valid, so the others still race.
      const at = (minutes: number) => iso(start + 10 * HOUR + minutes * MINUTE);
      const changes = [
        ...[58, 57].flatMap((end, i) => [{ endIsoTime: at(end) }, { startIsoTime: at(2 + i) }]),
        ...Array.from({ length: 8 }, (_, i) => [{ startIsoTime: at(30 + i) }, { endIsoTime: at(10 + i) }]).flat(),
      ];

      // Whether a start and an end both read the same times depends on how the requests interleave: without the
      // version check 19 rounds in 20 crossed here, so ten rounds catch it every time.
      for (let round = 0; round < 10; round++) {
        await db()
          .update(activities)
          .set({ startTime: new Date(start + 10 * HOUR), endTime: new Date(start + 11 * HOUR) })
          .where(eq(activities.id, walk.id));

        const responses = await Promise.all(
          changes.map((json) =>
            activityOf(owner.token).$put({ param: { eventId: event.id, dayId: days[0]!.id, activityId: walk.id }, json }),
          ),
        );

        await outcomes(responses, 200, ["End time must be after start time"]);
        const [stored] = await db().select().from(activities).where(eq(activities.id, walk.id));
        expect(stored!.startTime.getTime(), `round ${round}`).toBeLessThan(stored!.endTime.getTime());
      }
      await expectItineraryInvariants(event.id);
    },
  );

  it("10 picture uploads to one activity at once leave exactly the stored picture's file in R2", async () => {
    const owner = await makeUser();
    const { event, start, days } = await experience(owner.id);
    const walk = await addActivity(event.id, days[0]!.id, start + 10 * HOUR);

    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        activityOf(owner.token).image.$post({
          param: { eventId: event.id, dayId: days[0]!.id, activityId: walk.id },
          form: { file: new File([PNG], "p.png") },
        }),
      ),
    );

    await outcomes(responses, 200);
    const stored = await expectItineraryInvariants(event.id);
    expect(stored.objects).toHaveLength(1);
  });

  it(
    "linking a document while it is deleted never links a missing document: each link answers 200, 409 or 'Unknown document', never 500",
    ROUNDS,
    async () => {
      const owner = await makeUser();
      const { event, start, days } = await experience(owner.id);
      const walks = await Promise.all(Array.from({ length: 12 }, (_, i) => addActivity(event.id, days[0]!.id, start + (8 + i) * HOUR)));
      const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      // The race is a few milliseconds wide: each round starts the deletion a little later among links sent 1 ms apart.
      for (let delay = 0; delay < 10; delay++) {
        const upload = await apiAs(owner.token).api.documents.event[":eventId"].common.$post({
          param: { eventId: event.id },
          form: { files: new File([PDF], "a.pdf") },
        });
        const [doc] = await upload.json();

        // Refusals are not in the routes' types: the answers are read as any answer.
        const [removal, ...links]: Answer[] = await Promise.all([
          later(delay).then(() => apiAs(owner.token).api.documents[":documentId"].$delete({ param: { documentId: doc!.id } })),
          ...walks.map((walk, i) =>
            later(i).then(() =>
              activityOf(owner.token).$put({
                param: { eventId: event.id, dayId: days[0]!.id, activityId: walk.id },
                json: { documents: [doc!.id] },
              }),
            ),
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
    },
  );
});
