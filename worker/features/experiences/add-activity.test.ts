import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activities, activityDocuments } from "@worker/db/schema";
import { errorOf, type Answer, apiAs } from "@worker/test/client";
import { form, PDF, PNG } from "@worker/test/files";
import { call, db, makeUser } from "@worker/test/helpers";
import { cast, eventVersion, experience, addActivity } from "@worker/test/itinerary";
import { expectItineraryInvariants, outcomes } from "@worker/test/itinerary-invariants";
import { DAY, HOUR, iso, MINUTE } from "@worker/test/time";
import { activityRow, create, fieldsAt, PLACE } from "./activities.test-support";

describe("POST /api/events/:eventId/programs/:dayId/activity (add an activity)", () => {
  it("adds the activity to the day and answers 201 with the Activity JSON", async () => {
    const owner = await makeUser();
    const { event, start, days } = await experience(owner.id);
    const before = await eventVersion(event.id);
    const response = await create(
      event.id,
      days[0]!.id,
      owner.token,
      fieldsAt(start, { subtitle: " Meet at the square ", location: "Praça do Comércio" }),
    );
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toEqual({
      id: expect.any(String),
      eventId: event.id,
      programId: days[0]!.id,
      name: "Walking tour",
      subtitle: "Meet at the square",
      description: "Old town by foot",
      location: "Praça do Comércio",
      startDateTime: iso(start + 9 * HOUR),
      endDateTime: iso(start + 11 * HOUR),
      timeZone: "UTC",
      hasOwnTimeZone: false,
      image: null,
      documents: [],
      attendance: "EVERYONE",
      groups: [],
      signup: null,
    });
    expect(await activityRow(body.id)).toMatchObject({ programId: days[0]!.id, location: "Praça do Comércio" });
    expect(await eventVersion(event.id)).toBe(before + 1);
  });

  it("accepts a place object sent as a JSON string, keeping only its known fields", async () => {
    const owner = await makeUser();
    const { event, start, days } = await experience(owner.id);
    const response = await create(
      event.id,
      days[0]!.id,
      owner.token,
      fieldsAt(start, { location: JSON.stringify({ ...PLACE, extra: "x" }) }),
    );
    expect(response.status).toBe(201);
    expect((await response.json()).location).toEqual(PLACE);
  });

  it("refuses a location that is neither text nor a valid place", async () => {
    const owner = await makeUser();
    const { event, start, days } = await experience(owner.id);
    for (const location of [
      "{not json",
      JSON.stringify({ description: "no structured format" }),
      JSON.stringify({ ...PLACE, googleMapsUri: "javascript:alert(1)" }),
      "x".repeat(501),
    ]) {
      const response = await create(event.id, days[0]!.id, owner.token, fieldsAt(start, { location }));
      expect(response.status, location).toBe(400);
    }
    const bad = await create(event.id, days[0]!.id, owner.token, fieldsAt(start, { location: "{not json" }));
    expect(await errorOf(bad)).toBe("Location must be text or a place chosen from the search");
  });

  it("stores an uploaded cover image, or points at an external one", async () => {
    const owner = await makeUser();
    const { event, start, days } = await experience(owner.id);
    const uploaded = await create(event.id, days[0]!.id, owner.token, fieldsAt(start, { file: new File([PNG], "cover.png") }));
    expect(uploaded.status).toBe(201);
    const withUpload = await uploaded.json();
    expect(withUpload.image).toMatchObject({ source: "UPLOAD", original: expect.stringMatching(/^\/files\//) });
    expect(new Uint8Array(await (await call(withUpload.image!.original)).arrayBuffer())).toEqual(PNG);

    const linked = await create(
      event.id,
      days[0]!.id,
      owner.token,
      fieldsAt(start, { externalFile: "true", photoId: "u1", source: "UNSPLASH", rawUrl: "https://images.unsplash.com/photo-1" }),
    );
    expect(linked.status).toBe(201);
    expect((await linked.json()).image).toEqual({
      original: "https://images.unsplash.com/photo-1",
      thumbnail: "https://images.unsplash.com/photo-1",
      source: "UNSPLASH",
      photoId: "u1",
    });

    const emptyFileInput = await create(event.id, days[0]!.id, owner.token, fieldsAt(start, { file: new File([], "") }));
    expect(emptyFileInput.status).toBe(201);
    expect((await emptyFileInput.json()).image).toBeNull();
  });

  it("refuses a cover that is not an image, and an external image without a valid source or https link", async () => {
    const owner = await makeUser();
    const { event, start, days } = await experience(owner.id);
    const refused = [
      [{ file: new File([PDF], "cover.png", { type: "image/png" }) }, "Please upload an image file"],
      [{ externalFile: "true", source: "LINK", rawUrl: "http://x.com/a.jpg" }, "Image link must be an https URL"],
      [{ externalFile: "true", source: "LINK", rawUrl: "https://169.254.169.254/a.jpg" }, "Image link must point to a public website"],
      [{ externalFile: "true", rawUrl: "https://x.com/a.jpg" }, "Image source must be UNSPLASH, PEXELS, LINK or GOOGLE"],
    ] as const;
    for (const [image, message] of refused) {
      const response = await create(event.id, days[0]!.id, owner.token, fieldsAt(start, image));
      expect(response.status, message).toBe(400);
      expect(await errorOf(response)).toBe(message);
    }
    expect(await db().select().from(activities).where(eq(activities.eventId, event.id))).toEqual([]);
  });

  it("refuses missing fields with 'Name is required', 'Description is required', 'Start time is required' and 'End time is required'", async () => {
    const owner = await makeUser();
    const { event, start, days } = await experience(owner.id);
    const valid = fieldsAt(start);
    const { name, description, startIsoTime, endIsoTime } = valid;
    // A missing field is outside the route's types: those forms go as they are.
    const without = (fields: Record<string, string>) =>
      call(`/api/events/${event.id}/programs/${days[0]!.id}/activity`, { method: "POST", token: owner.token, body: form(fields) });
    const cases: [Answer, string][] = [
      [await create(event.id, days[0]!.id, owner.token, { ...valid, name: "  " }), "Name is required"],
      [await without({ description, startIsoTime, endIsoTime }), "Name is required"],
      [await create(event.id, days[0]!.id, owner.token, { ...valid, description: "" }), "Description is required"],
      [await without({ name, startIsoTime, endIsoTime }), "Description is required"],
      [await create(event.id, days[0]!.id, owner.token, { ...valid, startIsoTime: "" }), "Start time is required"],
      [await without({ name, description, endIsoTime }), "Start time is required"],
      [await create(event.id, days[0]!.id, owner.token, { ...valid, endIsoTime: "" }), "End time is required"],
      [await create(event.id, days[0]!.id, owner.token, { ...valid, startIsoTime: "9am" }), "Start time must be an ISO 8601 date-time"],
    ];
    for (const [response, message] of cases) {
      expect(response.status, message).toBe(400);
      expect(await errorOf(response)).toBe(message);
    }
  });

  it("refuses an activity whose end is before its start with 'End time must be after start time'", async () => {
    const owner = await makeUser();
    const { event, start, days } = await experience(owner.id);
    for (const end of [start + 8 * HOUR, start + 9 * HOUR]) {
      const response = await create(event.id, days[0]!.id, owner.token, fieldsAt(start, { endIsoTime: iso(end) }));
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe("End time must be after start time");
    }
  });

  it("refuses times outside the experience with 'Activity times must be within the experience dates'", async () => {
    const owner = await makeUser();
    const { event, start, days } = await experience(owner.id, 2);
    const cases = [
      [start - HOUR, start + HOUR],
      [start + 2 * DAY - HOUR, start + 2 * DAY + HOUR],
      [start + 3 * DAY, start + 3 * DAY + HOUR],
    ];
    for (const [from, to] of cases) {
      const response = await create(
        event.id,
        days[0]!.id,
        owner.token,
        fieldsAt(start, { startIsoTime: iso(from!), endIsoTime: iso(to!) }),
      );
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe("Activity times must be within the experience dates");
    }
    const lastMinute = await create(
      event.id,
      days[1]!.id,
      owner.token,
      fieldsAt(start, { startIsoTime: iso(start + 2 * DAY - HOUR), endIsoTime: iso(start + 2 * DAY) }),
    );
    expect(lastMinute.status).toBe(201);
  });

  it("refuses a start on another day's date with 'An activity must start on its day's date', and lets the end run past midnight", async () => {
    const owner = await makeUser();
    const { event, start, days } = await experience(owner.id);
    for (const [from, to] of [
      [start + 2 * DAY + 9 * HOUR, start + 2 * DAY + 10 * HOUR],
      [start + DAY - HOUR, start + DAY + HOUR],
    ]) {
      const response = await create(
        event.id,
        days[1]!.id,
        owner.token,
        fieldsAt(start, { startIsoTime: iso(from!), endIsoTime: iso(to!) }),
      );
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toBe("An activity must start on its day's date");
    }
    expect(await db().select().from(activities).where(eq(activities.eventId, event.id))).toEqual([]);
    const late = await create(
      event.id,
      days[1]!.id,
      owner.token,
      fieldsAt(start, { startIsoTime: iso(start + 2 * DAY - HOUR), endIsoTime: iso(start + 2 * DAY + HOUR) }),
    );
    expect(late.status).toBe(201);
    expect(await late.json()).toMatchObject({ programId: days[1]!.id, endDateTime: iso(start + 2 * DAY + HOUR) });
  });

  it("refuses times more than a year ahead with 'Activity date range is at most 1 year ahead'", async () => {
    const owner = await makeUser();
    const start = Math.floor(Date.now() / DAY) * DAY + 360 * DAY;
    const { event, days } = await experience(owner.id, 10, { startTime: new Date(start) });
    const far = await create(event.id, days[7]!.id, owner.token, fieldsAt(start + 7 * DAY));
    expect(far.status).toBe(400);
    expect(await errorOf(far)).toBe("Activity date range is at most 1 year ahead");
    expect((await create(event.id, days[0]!.id, owner.token, fieldsAt(start))).status).toBe(201);
  });

  it("is for the owner and hosts only, on a day of that event ('Day not found' otherwise)", async () => {
    const { owner, host, guest, stranger, pub, priv } = await cast();
    const on = (e: typeof pub) => fieldsAt(e.start);
    expect((await create(pub.event.id, pub.days[0]!.id, guest.token, on(pub))).status).toBe(403);
    expect((await create(pub.event.id, pub.days[0]!.id, stranger.token, on(pub))).status).toBe(403);
    expect((await create(priv.event.id, priv.days[0]!.id, stranger.token, on(priv))).status).toBe(404);
    expect((await create(priv.event.id, priv.days[0]!.id, "", on(priv))).status).toBe(401);
    const crossed = await create(pub.event.id, priv.days[0]!.id, owner.token, on(pub));
    expect(crossed.status).toBe(404);
    expect(await errorOf(crossed)).toBe("Day not found");
    expect((await create(priv.event.id, priv.days[0]!.id, host.token, on(priv))).status).toBe(201);
    expect((await create(pub.event.id, pub.days[1]!.id, owner.token, fieldsAt(pub.start + DAY))).status).toBe(201);
  });
});

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
