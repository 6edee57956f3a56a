import { describe, expect, it } from "vitest";
import { errorOf } from "@worker/test/client";
import { feedCrew, posted, sendComment, sendPost } from "@worker/test/feed";
import { addGuest } from "@worker/test/helpers";
import { reportPost } from "@worker/test/moderation";
import { FEED_LIMITS } from "@worker/shared/feed-limits";

describe("per-person feed limits", () => {
  it("answers 429 to the 11th post within a minute, in plain words, while another person still posts", async () => {
    const { guest, other, event } = await feedCrew();
    for (let i = 0; i < FEED_LIMITS.post; i++) await posted(guest.token, event.id, { title: `Post ${i + 1}` });
    const refused = await sendPost(guest.token, event.id, { title: "One too many" });
    expect(refused.status).toBe(429);
    expect(await errorOf(refused)).toMatch(/^You can post 10 times a minute\. Try again in \d+ seconds?\.$/);
    expect((await sendPost(other.token, event.id, { title: "Mine" })).status).toBe(201);
  });

  it("keeps each experience's limit apart", async () => {
    const first = await feedCrew();
    const second = await feedCrew();
    await addGuest(second.event.id, first.guest, "YES");
    for (let i = 0; i < FEED_LIMITS.post; i++) await posted(first.guest.token, first.event.id, { title: `Post ${i + 1}` });
    expect((await sendPost(first.guest.token, first.event.id, { title: "More" })).status).toBe(429);
    expect((await sendPost(first.guest.token, second.event.id, { title: "Elsewhere" })).status).toBe(201);
  });

  it("never limits the owner and hosts, who post the day's announcements in bursts", async () => {
    const { host, event } = await feedCrew();
    for (let i = 0; i <= FEED_LIMITS.post; i++) await posted(host.token, event.id, { title: `Announcement ${i + 1}` });
  });

  it("answers 429 to the 31st comment within a minute, and to the 6th report", async () => {
    const { owner, guest, event } = await feedCrew();
    const post = await posted(owner.token, event.id, { title: "Talk here" });
    for (let i = 0; i < FEED_LIMITS.comment; i++) expect((await sendComment(guest.token, event.id, post.id, `#${i}`)).status).toBe(201);
    const refused = await sendComment(guest.token, event.id, post.id, "More");
    expect(refused.status).toBe(429);
    expect(await errorOf(refused)).toMatch(/^You can comment 30 times a minute\./);

    const posts = [];
    for (let i = 0; i <= FEED_LIMITS.report; i++) posts.push(await posted(owner.token, event.id, { title: `Report me ${i}` }));
    const answers = [];
    for (const p of posts) answers.push((await reportPost(guest.token, event.id, p.id)).status);
    expect(answers).toEqual([201, 201, 201, 201, 201, 429]);
  });
});
