import { describe, expect, it } from "vitest";
import { loggedChanges, toldChanges } from "@worker/test/change-log";
import { deletePost, feedCrew, posted, sendComment } from "@worker/test/feed";
import { apiAs } from "@worker/test/client";

const sendBulletin = (token: string, eventId: string, form: { title: string; description: string }) =>
  apiAs(token).api.bulletin[":eventId"].$post({ param: { eventId }, form });

// Issue 22: a bulletin is logged for the participants, a comment for the post's author, each in the batch that writes it.

describe("the change log of bulletins", () => {
  it("logs a bulletin with its title and the start of its text, urgent, for the participants", async () => {
    const { host, guest, event } = await feedCrew();
    const long = "Buses leave at 9:00 from the hotel. ".repeat(30);
    const posting = await sendBulletin(host.token, event.id, { title: "Shuttle times", description: long });
    expect(posting.status).toBe(201);
    const bulletin = await posting.json();
    // Refused: only the owner and hosts post.
    expect((await sendBulletin(guest.token, event.id, { title: "Me too", description: "?" })).status).toBe(403);

    const [row, ...rest] = await loggedChanges(event.id);
    expect(rest).toEqual([]);
    expect(row).toMatchObject({
      kind: "bulletins",
      subjectType: "bulletin",
      subjectId: bulletin.id,
      field: "posted",
      label: "Shuttle times",
      actorId: host.id,
      recipientId: null,
      urgent: true,
      oldValue: null,
    });
    const value = row!.newValue as { title: string; text: string };
    expect(value.title).toBe("Shuttle times");
    expect(value.text).toHaveLength(500);
    expect(long.startsWith(value.text.slice(0, -1))).toBe(true);
    expect(await toldChanges(event.id)).toEqual(["Bulletin: Shuttle times"]);
  });
});

describe("the change log of comments", () => {
  it("logs a comment for the post's author (not urgent), and nothing for the author's own comment", async () => {
    const { owner, guest, event } = await feedCrew();
    const post = await posted(owner.token, event.id, { title: "Plans?" });
    expect((await sendComment(owner.token, event.id, post.id, "Anyone?")).status).toBe(201);
    expect((await sendComment(guest.token, event.id, post.id, "  Count me in  ")).status).toBe(201);

    const [row, ...rest] = await loggedChanges(event.id);
    expect(rest).toEqual([]);
    expect(row).toMatchObject({
      kind: "comments",
      subjectType: "comment",
      subjectId: post.id,
      field: "commented",
      label: "Gus Test",
      actorId: guest.id,
      recipientId: owner.id,
      urgent: false,
      oldValue: null,
      newValue: { text: "Count me in", postId: post.id },
    });
    expect(await toldChanges(event.id)).toEqual(["Gus Test commented on your post: “Count me in”"]);
  });

  it("a comment refused (a stranger, a deleted post) logs nothing", async () => {
    const { owner, guest, stranger, event } = await feedCrew();
    const post = await posted(owner.token, event.id, { title: "Gone soon" });
    expect((await sendComment(stranger.token, event.id, post.id, "Hi")).status).toBe(403);
    expect((await deletePost(owner.token, event.id, post.id)).status).toBe(200);
    expect((await sendComment(guest.token, event.id, post.id, "Hi")).status).toBe(404);
    expect(await loggedChanges(event.id)).toEqual([]);
  });

  it("12 comments at once while the post is deleted: one row per comment by someone else that landed", async () => {
    for (let round = 0; round < 5; round++) {
      const { owner, guest, host, event } = await feedCrew();
      const post = await posted(owner.token, event.id, { title: "Busy" });
      const people = [guest, host, owner];
      const [deleted, ...responses] = await Promise.all([
        new Promise((resolve) => setTimeout(resolve, round)).then(() => deletePost(owner.token, event.id, post.id)),
        ...Array.from({ length: 12 }, (_, i) => sendComment(people[i % 3]!.token, event.id, post.id, `c${i}`)),
      ]);
      expect(deleted!.status).toBe(200);
      const landed = responses.filter((response, i) => response.status === 201 && people[i % 3] !== owner);
      expect(responses.every((response) => [201, 404].includes(response.status))).toBe(true);
      expect(await loggedChanges(event.id)).toHaveLength(landed.length);
    }
  });
});
