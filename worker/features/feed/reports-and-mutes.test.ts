import { describe, expect, it } from "vitest";
import { errorOf } from "@worker/test/client";
import { loggedChanges } from "@worker/test/change-log";
import { commented, feedCrew, like, posted, sendComment, sendPost } from "@worker/test/feed";
import { dismissReports, hidePost, mute, readReports, reportComment, reportPost } from "@worker/test/moderation";
import { MODERATION_MESSAGES } from "./moderation.schema";

async function reportedFeed(privacy: "PUBLIC" | "PRIVATE" = "PUBLIC") {
  const crew = await feedCrew({ privacy });
  const post = await posted(crew.guest.token, crew.event.id, { title: "Buy cheap watches" });
  const comment = await commented(crew.guest.token, crew.event.id, post.id, "Really cheap");
  return { ...crew, post, comment };
}

describe("reporting a post or a comment", () => {
  it("lets any participant report once, and answers 409 to a second report of the same post", async () => {
    const c = await reportedFeed();
    expect((await reportPost(c.other.token, c.event.id, c.post.id, "Spam")).status).toBe(201);
    const again = await reportPost(c.other.token, c.event.id, c.post.id, "Still spam");
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toBe(MODERATION_MESSAGES.alreadyReported);
    // The comment is a subject of its own.
    expect((await reportComment(c.other.token, c.event.id, c.post.id, c.comment.id, "Rude")).status).toBe(201);
  });

  it("refuses a stranger (403 on a public experience, 404 on a private one) and one's own post", async () => {
    const open = await reportedFeed("PUBLIC");
    expect((await reportPost(open.stranger.token, open.event.id, open.post.id)).status).toBe(403);
    const closed = await reportedFeed("PRIVATE");
    expect((await reportPost(closed.stranger.token, closed.event.id, closed.post.id)).status).toBe(404);
    const own = await reportPost(open.guest.token, open.event.id, open.post.id);
    expect(own.status).toBe(400);
    expect(await errorOf(own)).toBe(MODERATION_MESSAGES.ownReport);
  });

  it("shows organisers a 'Reported' list counted per post and comment with every reason, and refuses it to guests", async () => {
    const c = await reportedFeed();
    await reportPost(c.other.token, c.event.id, c.post.id, "Spam");
    await reportPost(c.host.token, c.event.id, c.post.id, "Advertising");
    await reportComment(c.other.token, c.event.id, c.post.id, c.comment.id, "Rude");

    expect((await readReports(c.other.token, c.event.id)).status).toBe(403);
    const list = await (await readReports(c.owner.token, c.event.id)).json();
    expect(list.subjects.map((s) => [s.kind, s.subjectId, s.count, s.text])).toEqual([
      ["comment", c.comment.id, 1, "Really cheap"],
      ["post", c.post.id, 2, "Buy cheap watches"],
    ]);
    expect(list.subjects[1]!.reports.map((r) => [r.reason, r.reporter.firstName])).toEqual([
      ["Advertising", "Hana"],
      ["Spam", "Otto"],
    ]);
    expect(list.subjects[1]).toMatchObject({ hidden: false, authorMuted: false, author: { guid: c.guest.id } });

    await hidePost(c.owner.token, c.event.id, c.post.id);
    expect((await dismissReports(c.host.token, c.event.id, c.comment.id)).status).toBe(200);
    const after = await (await readReports(c.host.token, c.event.id)).json();
    expect(after.subjects.map((s) => [s.subjectId, s.hidden])).toEqual([[c.post.id, true]]);
    expect((await dismissReports(c.other.token, c.event.id, c.post.id)).status).toBe(403);
  });

  it("tells the owner and hosts through the change log: a 'requests' row for the organisers, worded with the reason", async () => {
    const c = await reportedFeed();
    await reportPost(c.other.token, c.event.id, c.post.id, "Spam");
    await reportPost(c.other.token, c.event.id, c.post.id, "Twice");
    const rows = (await loggedChanges(c.event.id)).filter((row) => row.field === "reported");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: "requests",
      subjectType: "post",
      subjectId: c.post.id,
      actorId: c.other.id,
      recipientId: null,
      urgent: true,
      newValue: { text: "Buy cheap watches", reason: "Spam", postId: c.post.id },
    });
  });
});

describe("muting a participant in the feed", () => {
  it("answers 403 'An organiser has muted you in this feed.' to a muted guest's post, comment, like and report, until unmuted", async () => {
    const c = await reportedFeed();
    const ownerPost = await posted(c.owner.token, c.event.id, { title: "Agenda" });
    expect((await mute(c.other.token, c.event.id, c.guest.id)).status).toBe(403);
    expect(await (await mute(c.host.token, c.event.id, c.guest.id)).json()).toEqual({ userId: c.guest.id, muted: true });

    const refusals = [
      await sendPost(c.guest.token, c.event.id, { title: "Hello?" }),
      await sendComment(c.guest.token, c.event.id, ownerPost.id, "Hello?"),
      await like(c.guest.token, c.event.id, ownerPost.id),
      await reportPost(c.guest.token, c.event.id, ownerPost.id),
    ];
    for (const refusal of refusals) {
      expect(refusal.status).toBe(403);
      expect(await errorOf(refusal)).toBe(MODERATION_MESSAGES.muted);
    }
    // Others are not affected, and the organisers see who is muted.
    expect((await sendPost(c.other.token, c.event.id, { title: "Fine" })).status).toBe(201);
    const list = await (await readReports(c.owner.token, c.event.id)).json();
    expect(list.muted.map((person) => person.guid)).toEqual([c.guest.id]);

    await mute(c.owner.token, c.event.id, c.guest.id, false);
    expect((await sendPost(c.guest.token, c.event.id, { title: "Back" })).status).toBe(201);
  });

  it("refuses to mute an organiser (400) or someone who does not take part (404)", async () => {
    const c = await reportedFeed();
    expect((await mute(c.owner.token, c.event.id, c.host.id)).status).toBe(400);
    expect((await mute(c.owner.token, c.event.id, c.stranger.id)).status).toBe(404);
  });
});
