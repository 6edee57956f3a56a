import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { events, files, programs } from "@worker/db/schema";
import { PNG } from "@worker/test/files";
import { db, makeUser } from "@worker/test/helpers";
import { experience, storedImage } from "@worker/test/itinerary";
import { AppError } from "@worker/lib/errors";
import { EXPERIENCE_CHANGED, writeExperience } from "./experience-write";

const upload = () => ({ bytes: PNG, mimeType: "image/png", kind: "image" as const, name: "p.png" });
const objectsOf = async (eventId: string) => (await env.FILES.list({ prefix: `events/${eventId}/` })).objects;
/** What another request's write does between this write's read and its batch. */
const landElsewhere = (eventId: string) =>
  db()
    .update(events)
    .set({ version: sql`${events.version} + 1` })
    .where(eq(events.id, eventId));
const versionOf = async (eventId: string) =>
  (await db().select({ version: events.version }).from(events).where(eq(events.id, eventId)))[0]?.version;

describe("writeExperience", () => {
  it("writes the change and bumps the version by one when nothing else landed", async () => {
    const owner = await makeUser();
    const { event, days } = await experience(owner.id);
    const result = await writeExperience(env, db(), event.id, owner.id, async () => ({
      statements: [db().update(programs).set({ name: "Arrival" }).where(eq(programs.id, days[0]!.id))],
      result: "done",
    }));
    expect(result).toBe("done");
    expect(await versionOf(event.id)).toBe(2);
    expect((await db().select().from(programs).where(eq(programs.id, days[0]!.id)))[0]!.name).toBe("Arrival");
  });

  it("reads and decides again when another write landed after its read, and stores the upload once", async () => {
    const owner = await makeUser();
    const { event, days } = await experience(owner.id);
    const image = upload();
    let attempts = 0;
    await writeExperience(env, db(), event.id, owner.id, async (_, writer) => {
      attempts++;
      const ref = await writer.image(image);
      if (attempts === 1) await landElsewhere(event.id);
      return {
        statements: [
          db()
            .update(programs)
            .set({ image: ref, name: `Attempt ${attempts}` })
            .where(eq(programs.id, days[0]!.id)),
        ],
        result: undefined,
      };
    });
    expect(attempts).toBe(2);
    expect((await db().select().from(programs).where(eq(programs.id, days[0]!.id)))[0]!.name).toBe("Attempt 2");
    expect(await versionOf(event.id)).toBe(3);
    expect(await objectsOf(event.id)).toHaveLength(1);
    expect(await db().select().from(files).where(eq(files.eventId, event.id))).toHaveLength(1);
  });

  it("answers 409 'This experience was changed by someone else. Please try again.' when every attempt loses, removing its upload and keeping the file it would have freed", async () => {
    const owner = await makeUser();
    const { event, days } = await experience(owner.id);
    const old = await storedImage(event.id);
    const write = writeExperience(env, db(), event.id, owner.id, async (_, writer) => {
      const ref = await writer.image(upload());
      await landElsewhere(event.id);
      return {
        statements: [db().update(programs).set({ image: ref }).where(eq(programs.id, days[0]!.id))],
        freedFileIds: [old.fileId],
        result: undefined,
      };
    });
    const error = await write.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 409, message: EXPERIENCE_CHANGED });
    expect((await objectsOf(event.id)).map((o) => o.key)).toEqual([
      (await db().select().from(files).where(eq(files.id, old.fileId)))[0]!.key,
    ]);
    expect((await db().select().from(programs).where(eq(programs.id, days[0]!.id)))[0]!.image).toBeNull();
  });

  it("answers 404 'Event not found' and removes its upload when the experience is deleted meanwhile", async () => {
    const owner = await makeUser();
    const { event, days } = await experience(owner.id);
    const write = writeExperience(env, db(), event.id, owner.id, async (_, writer) => {
      const ref = await writer.image(upload());
      await db().delete(events).where(eq(events.id, event.id));
      return { statements: [db().update(programs).set({ image: ref }).where(eq(programs.id, days[0]!.id))], result: undefined };
    });
    await expect(write).rejects.toMatchObject({ status: 404, message: "Event not found" });
    expect(await objectsOf(event.id)).toEqual([]);
  });

  it("writes nothing and keeps the version when the plan has no change", async () => {
    const owner = await makeUser();
    const { event } = await experience(owner.id);
    await writeExperience(env, db(), event.id, owner.id, async () => ({ result: undefined }));
    expect(await versionOf(event.id)).toBe(1);
  });
});
