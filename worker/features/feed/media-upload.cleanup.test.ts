import { env } from "cloudflare:workers";
import { createScheduledController } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../index";
import { feedPosts } from "../../db/schema";
import { png } from "../../lib/media/media-fixtures";
import { storedPng } from "../../test/files";
import { addGuest, db, makeEvent, makeUser } from "../../test/helpers";
import { deleteUnclaimedMedia, UNCLAIMED_MEDIA_TTL } from "./media-upload.cleanup";
import { uploadFeedMedia } from "./media-upload.service";

async function fixture() {
  const owner = await makeUser();
  const event = await makeEvent(owner.id);
  const guest = await makeUser();
  await addGuest(event.id, guest);
  const put = () => {
    const bytes = png(10, 10);
    return uploadFeedMedia(env, db(), { eventId: event.id, uploaderId: guest.id, length: bytes.byteLength, body: new Blob([bytes]).stream() });
  };
  return { event, guest, put };
}

const keyOf = async (id: string) => (await env.DB.prepare("select key from files where id = ?").bind(id).first<{ key: string }>())?.key;

describe("deleteUnclaimedMedia", () => {
  it("deletes feed uploads no post names after a day, object and row, and keeps posted ones, younger ones and other files", async () => {
    const { event, guest, put } = await fixture();
    const unclaimed = await put();
    const posted = await put();
    const unclaimedKey = await keyOf(unclaimed.mediaId);
    await db().insert(feedPosts).values({ id: crypto.randomUUID(), eventId: event.id, authorId: guest.id, mediaFileId: posted.mediaId, mimeType: "image/png" });
    const documentFile = await storedPng({ eventId: event.id, uploaderId: guest.id });

    expect(await deleteUnclaimedMedia(env, db(), Date.now() + UNCLAIMED_MEDIA_TTL - 60_000)).toBe(0);
    expect(await deleteUnclaimedMedia(env, db(), Date.now() + UNCLAIMED_MEDIA_TTL + 60_000)).toBe(1);

    expect(await keyOf(unclaimed.mediaId)).toBeUndefined();
    expect(await env.FILES.head(unclaimedKey!)).toBeNull();
    expect(await keyOf(posted.mediaId)).toBeDefined();
    expect(await env.FILES.head((await keyOf(documentFile))!)).not.toBeNull();
  });

  it("runs from the Worker's hourly Cron Trigger", async () => {
    const { put } = await fixture();
    const upload = await put();
    await env.DB.prepare("update files set created_at = ? where id = ?").bind(Date.now() - UNCLAIMED_MEDIA_TTL - 1000, upload.mediaId).run();
    await worker.scheduled(createScheduledController({ cron: "17 * * * *", scheduledTime: Date.now() }), env);
    expect(await keyOf(upload.mediaId)).toBeUndefined();
  });
});
