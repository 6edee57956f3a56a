import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activities, activityDocuments } from "../../db/schema";
import { call, db, makeUser } from "../../test/helpers";
import { expectItineraryInvariants, outcomes } from "../../test/itinerary-invariants";
import { addActivity, experience, form, HOUR, iso, PDF, PNG } from "../programs/test-support";

// Spec of issue 8 §2: requests fired at once, then the invariants read back from D1 and R2.

const MINUTE = 60 * 1000;
const activityPath = (eventId: string, dayId: string, activityId: string) => `/api/events/${eventId}/programs/${dayId}/activity/${activityId}`;

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
      changes.map((json) => call(activityPath(event.id, days[0]!.id, walk.id), { method: "PUT", token: owner.token, json })),
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
        call(`${activityPath(event.id, days[0]!.id, walk.id)}/image`, { method: "POST", token: owner.token, body: form({ file: new File([PNG], "p.png") }) }),
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
      const upload = await call(`/api/documents/event/${event.id}/common`, { method: "POST", token: owner.token, body: form({ files: new File([PDF], "a.pdf") }) });
      const [doc] = await upload.json<{ id: string }[]>();

      const [removal, ...links] = await Promise.all([
        later(delay).then(() => call(`/api/documents/${doc!.id}`, { method: "DELETE", token: owner.token })),
        ...walks.map((walk, i) =>
          later(i).then(() => call(activityPath(event.id, days[0]!.id, walk.id), { method: "PUT", token: owner.token, json: { documents: [doc!.id] } })),
        ),
      ]);

      await outcomes([removal!], 200);
      for (const link of links) {
        expect([200, 400, 409], await link.clone().text()).toContain(link.status);
        if (link.status === 400) expect((await link.json<{ error: string }>()).error).toBe("Unknown document");
      }
      expect(await db().select().from(activityDocuments)).toEqual([]);
    }
    await expectItineraryInvariants(event.id);
  });
});
