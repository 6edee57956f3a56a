import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { feedLikes, feedPosts } from "@worker/db/schema";
import { addGuest, db, makeUser } from "@worker/test/helpers";
import { feedCrew, like, posted, readPost } from "@worker/test/feed";

async function stored(postId: string) {
  const [post] = await db().select({ likesCount: feedPosts.likesCount }).from(feedPosts).where(eq(feedPosts.id, postId));
  const rows = await db().select().from(feedLikes).where(eq(feedLikes.postId, postId));
  return { likesCount: post!.likesCount, rows: rows.length };
}

describe("POST /api/feeds/:eventId/:feedId/like", () => {
  it("likes, then unlikes, answering the count and the caller's like each time", async () => {
    const { owner, guest, host, event } = await feedCrew();
    const post = await posted(owner.token, event.id, { title: "Like me" });
    const first = await like(guest.token, event.id, post.id);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ likesCount: 1, selfLike: true });
    expect(await (await like(host.token, event.id, post.id)).json()).toEqual({ likesCount: 2, selfLike: true });
    expect(await (await like(guest.token, event.id, post.id)).json()).toEqual({ likesCount: 1, selfLike: false });
    const seen = await (await readPost(host.token, event.id, post.id)).json();
    expect([seen.likesCount, seen.selfLike]).toEqual([1, true]);
    expect(await stored(post.id)).toEqual({ likesCount: 1, rows: 1 });
  });

  it("keeps likesCount equal to the likes stored when 50 people toggle at once, and again when they all toggle back", async () => {
    const { owner, event } = await feedCrew();
    const post = await posted(owner.token, event.id, { title: "Popular" });
    const people = await Promise.all(Array.from({ length: 50 }, () => makeUser()));
    for (const person of people) await addGuest(event.id, person);

    const answers = await Promise.all(people.map((person) => like(person.token, event.id, post.id)));
    expect(answers.map((a) => a.status)).toEqual(people.map(() => 200));
    expect(await stored(post.id)).toEqual({ likesCount: 50, rows: 50 });
    const counts = await Promise.all(answers.map(async (a) => (await a.json()).likesCount));
    expect(Math.max(...counts), "the last to land saw every like").toBe(50);

    await Promise.all(people.slice(0, 20).map((person) => like(person.token, event.id, post.id)));
    expect(await stored(post.id)).toEqual({ likesCount: 30, rows: 30 });
  });

  it("leaves one like when one person's two clicks race", async () => {
    const { owner, guest, event } = await feedCrew();
    const post = await posted(owner.token, event.id, { title: "Double click" });
    const answers = await Promise.all([like(guest.token, event.id, post.id), like(guest.token, event.id, post.id)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const after = await stored(post.id);
    expect(after.likesCount).toBe(after.rows);
    expect(after.rows).toBeLessThanOrEqual(1);
  });
});
