import { createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { activities, bulletins, documents, feedPosts, files, programs, users, events } from "@worker/db/schema";
import worker from "@worker/index";
import { AppError } from "@worker/lib/errors";
import { putFile } from "@worker/lib/files";
import { variantKey, variantKeys } from "@worker/lib/picture-variants";
import { apiWith } from "@worker/test/client";
import { PNG, storedPng } from "@worker/test/files";
import { db, makeEvent, makeUser, newSession, addGuest, addHost } from "@worker/test/helpers";
import { experience, storedImage } from "@worker/test/itinerary";
import { EXPERIENCE_CHANGED, writeExperience } from "./experience-write";
import { ORPHAN_AGE, SWEEP_CURSOR_KEY, sweepOrphanFiles, sweepOrphanObjects, sweepOrphanRows } from "./orphan-sweep";
import { eventRole, requireEventRole } from "./permissions";
import { shareImageKey } from "./share-image";

afterEach(() => {
  vi.useRealTimers();
});

const HOUR = 60 * 60 * 1000;
/** A moment the sweep sees everything written now as old enough to go. */
const dayLater = () => Date.now() + ORPHAN_AGE + HOUR;
/** A moment everything written now is still too young. */
const hourLater = () => Date.now() + HOUR;

const png = { bytes: PNG, mimeType: "image/png", kind: "image" as const, name: "pic.png" };

async function rowOf(fileId: string) {
  const [row] = await db().select().from(files).where(eq(files.id, fileId));
  return row;
}

/** An uploaded picture nothing names yet, with its sized copies made (as the first requests for them would). */
async function unreferencedPicture(owner: { eventId?: string; uploaderId: string | null }) {
  const fileId = await storedPng(owner);
  const { key } = (await rowOf(fileId))!;
  for (const variant of variantKeys(key)) await env.FILES.put(variant, "copy");
  return { fileId, key, objects: [key, ...variantKeys(key)] };
}

const present = async (keys: string[]) => (await Promise.all(keys.map((key) => env.FILES.head(key)))).map((object) => object !== null);

/** The bucket, except that `put` writes the object and then the request dies, before it can write any row. */
const dyingAfterPut = (): R2Bucket =>
  new Proxy(env.FILES, {
    get(target, name) {
      const value = Reflect.get(target, name);
      if (typeof value !== "function") return value;
      if (name !== "put") return value.bind(target);
      return async (...args: Parameters<R2Bucket["put"]>) => {
        await target.put(...args);
        throw new Error("The Worker was killed");
      };
    },
  });

describe("the sweep of objects without a row", () => {
  it("deletes an upload's object, and its sized copies, that no files row records once it is a day old, and keeps it before", async () => {
    const user = await makeUser();
    const orphan = `users/${user.id}/${crypto.randomUUID()}`;
    const copy = variantKey(orphan, 640);
    await env.FILES.put(orphan, PNG);
    await env.FILES.put(copy, "copy");

    await sweepOrphanFiles(env, db(), hourLater());
    expect(await present([orphan, copy])).toEqual([true, true]);

    await sweepOrphanFiles(env, db(), dayLater());
    expect(await present([orphan, copy])).toEqual([false, false]);
  });

  it("keeps objects whose row exists, however old, and objects outside the upload keys", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id);
    const fileId = await storedPng({ eventId: event.id, uploaderId: owner.id });
    await db().insert(documents).values({ id: crypto.randomUUID(), eventId: event.id, fileId, uploaderId: owner.id });
    const { key } = (await rowOf(fileId))!;
    await env.FILES.put(variantKey(key, 960), "copy");
    await env.FILES.put("backups/notes.txt", "not an upload");

    await sweepOrphanFiles(env, db(), dayLater());

    expect(await present([key, variantKey(key, 960), "backups/notes.txt"])).toEqual([true, true, true]);
  });

  it("deletes a day-old share image whose experience is gone, and keeps one whose experience exists", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id);
    const kept = shareImageKey(event.id);
    const orphan = shareImageKey(crypto.randomUUID());
    await env.FILES.put(kept, PNG);
    await env.FILES.put(orphan, PNG);

    await sweepOrphanFiles(env, db(), hourLater());
    expect(await present([kept, orphan])).toEqual([true, true]);

    await sweepOrphanFiles(env, db(), dayLater());
    expect(await present([kept, orphan])).toEqual([true, false]);
  });

  it("walks the bucket a few list pages a run, resuming where the last run stopped", async () => {
    const user = await makeUser();
    const orphans = [1, 2, 3].map((n) => `users/${user.id}/orphan-${n}`);
    for (const key of orphans) await env.FILES.put(key, PNG);
    const objectCount = async () => (await env.FILES.list()).objects.filter((object) => object.key !== SWEEP_CURSOR_KEY).length;

    const firstRun = await sweepOrphanObjects(env, db(), dayLater(), { pages: 2, pageSize: 1 });
    expect(firstRun).toBeLessThanOrEqual(2);
    expect(await env.FILES.head(SWEEP_CURSOR_KEY)).not.toBeNull();

    for (let run = 0, total = await objectCount(); run < total && (await env.FILES.head(SWEEP_CURSOR_KEY)); run++) {
      await sweepOrphanObjects(env, db(), dayLater(), { pages: 2, pageSize: 1 });
    }
    expect(await present(orphans)).toEqual([false, false, false]);
    expect(await env.FILES.head(SWEEP_CURSOR_KEY)).toBeNull();
  });
});

describe("the sweep of files rows nothing names", () => {
  it("deletes a day-old row nothing names with its object and sized copies, and keeps a younger one", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id);
    const file = await unreferencedPicture({ eventId: event.id, uploaderId: owner.id });

    expect(await sweepOrphanRows(env, db(), hourLater())).toBe(0);
    expect(await rowOf(file.fileId)).toBeDefined();
    expect(await present(file.objects)).toEqual(file.objects.map(() => true));

    expect(await sweepOrphanRows(env, db(), dayLater())).toBeGreaterThanOrEqual(1);
    expect(await rowOf(file.fileId)).toBeUndefined();
    expect(await present(file.objects)).toEqual(file.objects.map(() => false));
  });

  it("never touches a file something names: a cover, a day's or an activity's image, a profile picture, a document, a post, a bulletin", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id);
    const owned = { eventId: event.id, uploaderId: owner.id };
    const upload = (fileId: string) => ({ source: "UPLOAD" as const, fileId });
    const referenced = {
      cover: await unreferencedPicture(owned),
      day: await unreferencedPicture(owned),
      activity: await unreferencedPicture(owned),
      profile: await unreferencedPicture({ uploaderId: owner.id }),
      document: await unreferencedPicture(owned),
      post: await unreferencedPicture(owned),
      bulletin: await unreferencedPicture(owned),
    };
    const programId = crypto.randomUUID();
    const start = event.startTime;
    await db().batch([
      db().update(users).set({ profilePicFileId: referenced.profile.fileId }).where(eq(users.id, owner.id)),
      db()
        .insert(programs)
        .values({ id: programId, eventId: event.id, date: "2030-01-01", dayIndex: 0, name: "Day", image: upload(referenced.day.fileId) }),
      db()
        .insert(activities)
        .values({
          id: crypto.randomUUID(),
          eventId: event.id,
          programId,
          name: "Walk",
          startTime: start,
          endTime: start,
          image: upload(referenced.activity.fileId),
        }),
      db().insert(documents).values({ id: crypto.randomUUID(), eventId: event.id, fileId: referenced.document.fileId }),
      db()
        .insert(feedPosts)
        .values({ id: crypto.randomUUID(), eventId: event.id, authorId: owner.id, mediaFileId: referenced.post.fileId }),
      db()
        .insert(bulletins)
        .values({ id: crypto.randomUUID(), eventId: event.id, title: "News", description: "", mediaFileId: referenced.bulletin.fileId }),
    ]);
    const cover = await makeEvent(owner.id, { image: upload(referenced.cover.fileId) });
    expect(cover.image).toEqual(upload(referenced.cover.fileId));

    await sweepOrphanFiles(env, db(), dayLater());

    for (const [kind, file] of Object.entries(referenced)) {
      expect({ kind, row: (await rowOf(file.fileId))?.id }).toEqual({ kind, row: file.fileId });
      expect({ kind, objects: await present(file.objects) }).toEqual({ kind, objects: file.objects.map(() => true) });
    }
  });
});

describe("uploads killed half-way", () => {
  it("leaves nothing once the sweep runs a day later when the request dies between the object and its row", async () => {
    const user = await makeUser();
    const { authToken: token } = await newSession(user.id);
    const before = new Set((await env.FILES.list({ prefix: `users/${user.id}/` })).objects.map((object) => object.key));

    await expect(
      apiWith({ FILES: dyingAfterPut() }, token).api.profile["profile-picture"].$post({ form: { file: new File([PNG], "me.png") } }),
    ).resolves.toMatchObject({ status: 500 });
    const written = (await env.FILES.list({ prefix: `users/${user.id}/` })).objects.filter((object) => !before.has(object.key));
    expect(written).toHaveLength(1);
    expect(await db().select().from(files).where(eq(files.key, written[0]!.key))).toEqual([]);

    await sweepOrphanFiles(env, db(), dayLater());

    expect(await env.FILES.head(written[0]!.key)).toBeNull();
  });

  it("leaves nothing once the sweep runs a day later when the request dies between the file's row and its document", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id);
    const stored = await putFile(env, png, { eventId: event.id, uploaderId: owner.id });
    await db().insert(files).values(stored);
    // The request dies here, before the documents row.

    await sweepOrphanFiles(env, db(), dayLater());

    expect(await rowOf(stored.id)).toBeUndefined();
    expect(await env.FILES.head(stored.key)).toBeNull();
  });

  it("is swept by the Worker's hourly Cron Trigger", async () => {
    const user = await makeUser();
    const { authToken: token } = await newSession(user.id);
    const half = await putFile(env, png, { uploaderId: user.id });
    await env.FILES.put(variantKey(half.key, 1280), "copy");
    const rowOnly = await unreferencedPicture({ uploaderId: user.id });
    await expect(
      apiWith({ FILES: dyingAfterPut() }, token).api.profile["profile-picture"].$post({ form: { file: new File([PNG], "me.png") } }),
    ).resolves.toMatchObject({ status: 500 });

    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(dayLater());
    await worker.scheduled(createScheduledController({ cron: "17 * * * *", scheduledTime: Date.now() }), env);
    vi.useRealTimers();

    expect(await rowOf(rowOnly.fileId)).toBeUndefined();
    expect(await present([half.key, variantKey(half.key, 1280), ...rowOnly.objects])).toEqual([
      false,
      false,
      ...rowOnly.objects.map(() => false),
    ]);
    expect((await env.FILES.list({ prefix: `users/${user.id}/` })).objects).toEqual([]);
  });
});

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

describe("what a person is to an event", () => {
  it("tells owner, host, guest and none apart, from D1", async () => {
    const [owner, host, guest, invited, stranger] = await Promise.all([makeUser(), makeUser(), makeUser(), makeUser(), makeUser()]);
    const event = await makeEvent(owner.id);
    await addHost(event.id, host.id);
    await addGuest(event.id, guest, "YES");
    await addGuest(event.id, invited, "REQUESTED");
    const roleOf = async (id: string | null) => (await eventRole(db(), event.id, id))!.role;
    expect(await roleOf(owner.id)).toBe("owner");
    expect(await roleOf(host.id)).toBe("host");
    expect(await roleOf(guest.id)).toBe("guest");
    expect(await roleOf(invited.id)).toBe("none");
    expect(await roleOf(stranger.id)).toBe("none");
    expect(await roleOf(null)).toBe("none");
    expect(await eventRole(db(), crypto.randomUUID(), owner.id)).toBeNull();
  });

  it("answers 'Event not found' to a stranger of a private event and 403 to one of a public event", async () => {
    const owner = await makeUser();
    const stranger = await makeUser();
    const privateEvent = await makeEvent(owner.id, { privacy: "PRIVATE" });
    const publicEvent = await makeEvent(owner.id);
    await expect(requireEventRole(db(), privateEvent.id, stranger.id, ["owner"])).rejects.toMatchObject({
      status: 404,
      message: "Event not found",
    });
    await expect(requireEventRole(db(), publicEvent.id, stranger.id, ["owner"])).rejects.toMatchObject({ status: 403 });
    await expect(requireEventRole(db(), publicEvent.id, owner.id, ["owner"])).resolves.toMatchObject({ role: "owner" });
  });
});
