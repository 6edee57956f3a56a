import { env } from "cloudflare:workers";
import { like } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mailOutbox } from "@worker/db/schema";
import { readNotificationToken } from "@worker/lib/mail/notification-links";
import { loggedChanges } from "@worker/test/change-log";
import { consumeNotify, holdQueues, makeDigest } from "@worker/test/digest";
import { feedCrew, posted } from "@worker/test/feed";
import { db } from "@worker/test/helpers";
import { listen, settle } from "@worker/test/live";
import { hidePost, reportPost } from "@worker/test/moderation";

afterEach(() => vi.restoreAllMocks());

describe("moderation, live and told", () => {
  it("names a hidden post to the organisers' pages alone, tells every page to read the feed again, and only organisers of a report", async () => {
    const { owner, host, guest, other, event } = await feedCrew();
    const post = await posted(guest.token, event.id, { title: "Rude" });
    const [hostSocket, guestSocket, visitorSocket] = [
      await listen(event.id, host.token),
      await listen(event.id, other.token),
      await listen(event.id),
    ];

    await reportPost(other.token, event.id, post.id, "Rude");
    await hidePost(owner.token, event.id, post.id);
    await settle();

    const moderated = { type: "feed.moderated", eventId: event.id, postId: post.id };
    const refreshed = { type: "feed.refreshed", eventId: event.id };
    const reported = { type: "feed.reported", eventId: event.id };
    expect(hostSocket.messages).toEqual([reported, moderated, refreshed, reported]);
    expect(guestSocket.messages).toEqual([refreshed]);
    expect(visitorSocket.messages).toEqual([refreshed]);
    for (const socket of [hostSocket, guestSocket, visitorSocket]) socket.ws.close();
  });

  it("mails a report to the owner and hosts alone, with a button to the feed and a one-click stop of 'requests' e-mails", async () => {
    holdQueues();
    const { owner, host, guest, other, event } = await feedCrew({ name: "Lisbon Offsite" });
    const post = await posted(guest.token, event.id, { title: "Buy watches" });
    await reportPost(other.token, event.id, post.id, "Spam");
    const [row] = (await loggedChanges(event.id)).filter((change) => change.field === "reported");
    const digestId = await makeDigest(event.id, [{ ...row!, seq: undefined, digestId: undefined } as never]);
    await consumeNotify([{ type: "digest", digestId }]);

    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.id, `${digestId}:%`));
    expect(mails.map((mail) => mail.to).sort()).toEqual([owner.email, host.email].sort());
    const mail = mails[0]!;
    expect(mail.subject).toBe("Otto Test reported a post in Lisbon Offsite");
    expect(mail.text).toContain("Otto Test reported a post (“Buy watches”): Spam");
    expect(mail.text).toContain(`Review the reports: ${env.APP_ORIGIN}/experiences/${event.id}/social`);
    const oneClick = new URL(/^<(.+)>$/.exec(mail.headers!["List-Unsubscribe"]!)![1]!);
    expect((await readNotificationToken(env, oneClick.searchParams.get("token")!))?.kind).toBe("requests");
  });
});
