import { env } from "cloudflare:workers";
import { createScheduledController } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "@worker/index";
import { feedPosts } from "@worker/db/schema";
import { png } from "@worker/test/media";
import { apiWith, errorOf } from "@worker/test/client";
import { addGuest, db, makeEvent, makeUser } from "@worker/test/helpers";
import { FEED_MESSAGES } from "./feed.schema";
import { sendPost } from "@worker/test/feed";
import { sweepOrphanRows } from "@worker/domain/orphan-sweep";
import { UNCLAIMED_MEDIA_TTL, uploadFeedMedia } from "./media-upload.service";

async function fixture() {
  const owner = await makeUser();
  const event = await makeEvent(owner.id);
  const guest = await makeUser();
  await addGuest(event.id, guest);
  const put = () => {
    const bytes = png(10, 10);
    return uploadFeedMedia(env, db(), {
      eventId: event.id,
      uploaderId: guest.id,
      length: bytes.byteLength,
      body: new Blob([bytes]).stream(),
    });
  };
  return { event, guest, put };
}

/** The bucket, with `meanwhile` run just before (or after) one of its calls: another request landing at that moment. */
function bucketWith(method: "head" | "delete", meanwhile: () => Promise<unknown>, after = false): R2Bucket {
  return new Proxy(env.FILES, {
    get(target, name) {
      const value = Reflect.get(target, name);
      if (typeof value !== "function") return value;
      if (name !== method) return value.bind(target);
      return async (...args: unknown[]) => {
        if (!after) await meanwhile();
        const result = await value.apply(target, args);
        if (after) await meanwhile();
        return result;
      };
    },
  });
}

const dayLater = () => Date.now() + UNCLAIMED_MEDIA_TTL + 60_000;
const postsOf = async (eventId: string) =>
  (
    await env.DB.prepare("select id, media_file_id from feed_posts where event_id = ?")
      .bind(eventId)
      .all<{ id: string; media_file_id: string | null }>()
  ).results;

const keyOf = async (id: string) => (await env.DB.prepare("select key from files where id = ?").bind(id).first<{ key: string }>())?.key;

describe("feed uploads never posted (the sweep of files nothing names)", () => {
  it("deletes feed uploads no post names after a day, object and row, and keeps posted ones and younger ones", async () => {
    const { event, guest, put } = await fixture();
    const unclaimed = await put();
    const posted = await put();
    const unclaimedKey = await keyOf(unclaimed.mediaId);
    await db()
      .insert(feedPosts)
      .values({ id: crypto.randomUUID(), eventId: event.id, authorId: guest.id, mediaFileId: posted.mediaId, mimeType: "image/png" });

    expect(await sweepOrphanRows(env, db(), Date.now() + UNCLAIMED_MEDIA_TTL - 60_000)).toBe(0);
    expect(await keyOf(unclaimed.mediaId)).toBeDefined();
    expect(await sweepOrphanRows(env, db(), Date.now() + UNCLAIMED_MEDIA_TTL + 60_000)).toBe(1);

    expect(await keyOf(unclaimed.mediaId)).toBeUndefined();
    expect(await env.FILES.head(unclaimedKey!)).toBeNull();
    expect(await keyOf(posted.mediaId)).toBeDefined();
    expect(await env.FILES.head((await keyOf(posted.mediaId))!)).not.toBeNull();
  });

  it("runs from the Worker's hourly Cron Trigger", async () => {
    const { put } = await fixture();
    const upload = await put();
    await env.DB.prepare("update files set created_at = ? where id = ?")
      .bind(Date.now() - UNCLAIMED_MEDIA_TTL - 1000, upload.mediaId)
      .run();
    await worker.scheduled(createScheduledController({ cron: "17 * * * *", scheduledTime: Date.now() }), env);
    expect(await keyOf(upload.mediaId)).toBeUndefined();
  });

  it("keeps an upload a post names while the sweep is deleting objects: the post is refused, never left without its photo", async () => {
    const { event, guest, put } = await fixture();
    const upload = await put();
    let answer: Awaited<ReturnType<typeof sendPost>> | undefined;
    const sweepingBucket = bucketWith("delete", async () => {
      answer = await sendPost(guest.token, event.id, { mediaId: upload.mediaId });
    });

    expect(await sweepOrphanRows({ ...env, FILES: sweepingBucket }, db(), dayLater())).toBe(1);

    expect(answer?.status).toBe(400);
    expect(await errorOf(answer!)).toBe(FEED_MESSAGES.mediaUnclaimable);
    expect(await postsOf(event.id)).toEqual([]);
  });

  it("answers 409 'This upload cannot be posted; upload the file again' when the sweep deletes an upload between its claim and the post", async () => {
    const { event, guest, put } = await fixture();
    const upload = await put();
    const claimingBucket = bucketWith("head", () => sweepOrphanRows(env, db(), dayLater()), true);

    const response = await apiWith({ FILES: claimingBucket }, guest.token).api.feeds[":eventId"].$post({
      param: { eventId: event.id },
      form: { mediaId: upload.mediaId },
    });

    expect(response.status).toBe(409);
    expect(await errorOf(response)).toBe(FEED_MESSAGES.mediaUnclaimable);
    expect(await postsOf(event.id)).toEqual([]);
    expect(await keyOf(upload.mediaId)).toBeUndefined();
  });

  it("keeps an old upload once it is posted, with the post showing it", async () => {
    const { event, guest, put } = await fixture();
    const upload = await put();
    const response = await sendPost(guest.token, event.id, { mediaId: upload.mediaId });
    expect(response.status).toBe(201);

    expect(await sweepOrphanRows(env, db(), dayLater())).toBe(0);

    expect(await postsOf(event.id)).toEqual([{ id: expect.any(String), media_file_id: upload.mediaId }]);
    expect(await env.FILES.head((await keyOf(upload.mediaId))!)).not.toBeNull();
  });

  it("puts the rows back when storage refuses to delete the objects, so the next run retries", async () => {
    const { event, put } = await fixture();
    const upload = await put();
    const failingBucket = bucketWith("delete", () => Promise.reject(new Error("R2 is unavailable")));

    await expect(sweepOrphanRows({ ...env, FILES: failingBucket }, db(), dayLater())).rejects.toThrow("R2 is unavailable");
    expect(await keyOf(upload.mediaId)).toBeDefined();

    expect(await sweepOrphanRows(env, db(), dayLater())).toBe(1);
    expect(await env.FILES.list({ prefix: `events/${event.id}/feed/` })).toMatchObject({ objects: [] });
  });
});
