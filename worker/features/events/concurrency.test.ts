import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { events, files } from "@worker/db/schema";
import { apiAs } from "@worker/test/client";
import { PNG } from "@worker/test/files";
import { db, makeUser } from "@worker/test/helpers";
import { experience, storedImage } from "@worker/test/itinerary";
import { expectItineraryInvariants, outcomes } from "@worker/test/itinerary-invariants";

// Spec of issue 8 §2: requests fired at once, then the invariants read back from D1 and R2.

const eventOf = (token: string) => apiAs(token).api.events[":id"];
const cover = (id: string, token: string) => eventOf(token).image.$post({ param: { id }, form: { file: new File([PNG], "cover.png") } });
const link = (id: string, token: string, n: number) =>
  eventOf(token).image.external.$post({
    param: { id },
    json: { source: "UNSPLASH", photoId: `p${n}`, rawUrl: `https://images.unsplash.com/photo-${n}` },
  });

describe("concurrent cover changes", () => {
  it("10 cover uploads at once leave no orphaned file: R2 holds exactly the stored cover, and the files table matches R2", async () => {
    const owner = await makeUser();
    const { event } = await experience(owner.id);
    const old = await storedImage(event.id);
    await db().update(events).set({ image: old }).where(eq(events.id, event.id));

    const responses = await Promise.all(Array.from({ length: 10 }, () => cover(event.id, owner.token)));

    await outcomes(responses, 200);
    const stored = await expectItineraryInvariants(event.id);
    expect(stored.event.image).toMatchObject({ source: "UPLOAD" });
    expect(stored.files.map((f) => f.id)).toEqual([(stored.event.image as { fileId: string }).fileId]);
    expect(stored.objects).toHaveLength(1);
    expect(await db().select().from(files).where(eq(files.id, old.fileId))).toEqual([]);
  });

  it("uploads and links mixed at once leave only the stored cover's file, if it is an upload", async () => {
    const owner = await makeUser();
    const { event } = await experience(owner.id);

    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, n) => (n % 2 ? cover(event.id, owner.token) : link(event.id, owner.token, n))),
    );

    await outcomes(responses, 200);
    const stored = await expectItineraryInvariants(event.id);
    expect(stored.objects).toHaveLength(stored.event.image?.source === "UPLOAD" ? 1 : 0);
  });

  it("deleting the experience during cover uploads leaves nothing of it in R2", async () => {
    const owner = await makeUser();
    const { event } = await experience(owner.id);

    const responses = await Promise.all([
      ...Array.from({ length: 5 }, () => cover(event.id, owner.token)),
      eventOf(owner.token).$delete({ param: { id: event.id } }),
    ]);

    for (const response of responses) expect([200, 404, 409], await response.clone().text()).toContain(response.status);
    expect(responses.at(-1)!.status).toBe(200);
    expect((await env.FILES.list({ prefix: `events/${event.id}/` })).objects).toEqual([]);
    expect(await db().select().from(files).where(eq(files.eventId, event.id))).toEqual([]);
  });
});
