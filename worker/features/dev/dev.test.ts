import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { changeLog, notificationDigests, pushOutbox, pushSubscriptions } from "@worker/db/schema";
import { createMailer } from "@worker/lib/mail/mailer";
import { apiAs, apiWith } from "@worker/test/client";
import { db, makeEvent, makeUser, PRODUCTION_BINDINGS } from "@worker/test/helpers";
import { listen, settle } from "@worker/test/live";

describe("the development mailbox", () => {
  it("lists sent mail newest first as JSON and as a readable page", async () => {
    const mailer = createMailer(env, db());
    await mailer.send({ to: "first@example.com", subject: "First", text: "one", html: "<p>one</p>" });
    await new Promise((r) => setTimeout(r, 5));
    await mailer.send({ to: "second@example.com", subject: "Second <b>", text: "two", html: "<p>two</p>" });

    const json = await (await apiAs().dev["mailbox.json"].$get()).json();
    expect(json.slice(0, 2).map((m) => m.subject)).toEqual(["Second <b>", "First"]);
    expect(Object.keys(json[0]!).sort()).toEqual(["attachments", "createdAt", "headers", "html", "id", "status", "subject", "text", "to"]);

    const page = await apiAs().dev.mailbox.$get();
    expect(page.headers.get("Content-Type")).toContain("text/html");
    const html = await page.text();
    expect(html).toContain("Second &lt;b&gt;");
    // One main landmark holds the whole page, so screen readers (and axe's landmark rules) find the content.
    expect(html.match(/<main>/g)).toHaveLength(1);
    expect(html).toMatch(/<body><main><h1>Development mailbox<\/h1>[\s\S]*<\/main><\/body>/);
    expect(page.headers.get("Content-Security-Policy")).toContain("default-src 'self'");
  });

  it("shows a mail's inline image: the page draws each cid: image from its attachment, the JSON lists the attachments", async () => {
    const attachment = { filename: "pass.png", contentType: "image/png", contentId: "pass-qr", content: "iVBORw0KGgo=" };
    await createMailer(env, db()).send({
      to: "inline@example.com",
      subject: "With an image",
      text: "x",
      html: '<img src="cid:pass-qr" alt="Your pass QR code">',
      attachments: [attachment],
    });
    const json = await (await apiAs().dev["mailbox.json"].$get()).json();
    expect(json.find((m) => m.to === "inline@example.com")?.attachments).toEqual([attachment]);
    const html = await (await apiAs().dev.mailbox.$get()).text();
    expect(html).toContain("&lt;img src=&quot;data:image/png;base64,iVBORw0KGgo=&quot;");
    expect(html).not.toContain("cid:pass-qr");
  });

  it("shows the newest 30 messages on the page and the newest 200 as JSON", async () => {
    const mailer = createMailer(env, db());
    const before = (await (await apiAs().dev["mailbox.json"].$get()).json()).length;
    await mailer.sendMany(
      Array.from({ length: 40 }, (_, i) => ({ to: `p${i}@example.com`, subject: `Mail ${i}`, text: "x", html: "<p>x</p>" })),
    );
    const html = await (await apiAs().dev.mailbox.$get()).text();
    expect(html.match(/<iframe /g)).toHaveLength(30);
    expect(await (await apiAs().dev["mailbox.json"].$get()).json()).toHaveLength(before + 40);
  });

  it("answers 404 outside development", async () => {
    const dev = apiWith(PRODUCTION_BINDINGS).dev;
    for (const response of [await dev.mailbox.$get(), await dev["mailbox.json"].$get()]) {
      expect(response.status).toBe(404);
    }
  });
});

describe("the live room controls the bench uses", () => {
  it("broadcasts feed.posted with the given postId to the event's sockets only, writing no post", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id);
    const other = await makeEvent(owner.id);
    const [a, b, elsewhere] = [await listen(event.id), await listen(event.id, owner.token), await listen(other.id)];

    const response = await apiAs().dev.live[":eventId"].broadcast.$post({ param: { eventId: event.id }, json: { postId: "bench-1" } });
    await settle();

    expect(await response.json()).toEqual({ delivered: 2 });
    for (const socket of [a, b]) expect(socket.messages).toEqual([{ type: "feed.posted", eventId: event.id, postId: "bench-1" }]);
    expect(elsewhere.messages).toEqual([]);
    for (const socket of [a, b, elsewhere]) socket.ws.close();
  });

  it("restarts the event's room: its sockets drop as in a deploy, another event's stay open, and the room takes sockets again", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id);
    const other = await makeEvent(owner.id);
    const [a, b, elsewhere] = [await listen(event.id), await listen(event.id, owner.token), await listen(other.id)];

    const response = await apiAs().dev.live[":eventId"].restart.$post({ param: { eventId: event.id } });
    await settle();

    expect(await response.json()).toEqual({ success: true });
    expect([a.closes, b.closes]).toEqual([[1006], [1006]]);
    expect(elsewhere.closes).toEqual([]);
    const again = await listen(event.id);
    await apiAs().dev.live[":eventId"].broadcast.$post({ param: { eventId: event.id }, json: { postId: "after" } });
    await settle();
    expect(again.messages).toEqual([{ type: "feed.posted", eventId: event.id, postId: "after" }]);
    for (const socket of [again, elsewhere]) socket.ws.close();
  });

  it("answers 404 outside development", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id);
    const live = apiWith(PRODUCTION_BINDINGS).dev.live[":eventId"];
    const param = { eventId: event.id };
    for (const response of [await live.broadcast.$post({ param, json: { postId: "p" } }), await live.restart.$post({ param })]) {
      expect(response.status).toBe(404);
    }
  });
});

describe("the notification controls the e2e tests and the bench use", () => {
  it("flushes the experience's pending changes now, whatever their windows, as one enqueued digest; then nothing is left", async () => {
    const owner = await makeUser();
    const event = await makeEvent(owner.id);
    const entry = {
      subjectType: "activity" as const,
      subjectId: "a1",
      field: "start" as const,
      label: "Coach",
      oldValue: null,
      newValue: null,
    };
    const rows = await db()
      .insert(changeLog)
      .values([
        { eventId: event.id, kind: "itinerary", urgent: true, ...entry },
        { eventId: event.id, kind: "itinerary", urgent: false, ...entry },
      ])
      .returning({ seq: changeLog.seq });
    const flush = () => apiAs().dev.notifications[":eventId"].flush.$post({ param: { eventId: event.id } });

    expect(await (await flush()).json()).toEqual({ digestId: `${event.id}:${rows[1]!.seq}` });
    const [digest] = await db().select().from(notificationDigests).where(eq(notificationDigests.eventId, event.id));
    expect(digest!.enqueuedAt).toBeInstanceOf(Date);
    expect(await (await flush()).json()).toEqual({ digestId: null });
  });

  it("lists the push outbox newest first, each push with its payload and its subscription's endpoint", async () => {
    const user = await makeUser();
    const subscription = {
      id: crypto.randomUUID(),
      userId: user.id,
      endpoint: `https://push.test/s/${crypto.randomUUID()}`,
      p256dh: "k",
      auth: "a",
    };
    await db().insert(pushSubscriptions).values(subscription);
    const payload = (title: string) => ({
      title,
      body: "Coach to Sintra: 09:00 → 08:30",
      url: "/experiences/e/itinerary",
      tag: "e:itinerary",
    });
    await db()
      .insert(pushOutbox)
      .values([
        {
          id: `older-${subscription.id}`,
          subscriptionId: subscription.id,
          payload: payload("Older"),
          createdAt: new Date(Date.now() - 1_000),
        },
        { id: `newer-${subscription.id}`, subscriptionId: subscription.id, payload: payload("Newer") },
      ]);

    const pushes = await (await apiAs().dev["pushbox.json"].$get()).json();

    expect(pushes.slice(0, 2)).toEqual([
      {
        id: `newer-${subscription.id}`,
        endpoint: subscription.endpoint,
        payload: payload("Newer"),
        status: "QUEUED",
        createdAt: expect.any(String),
      },
      {
        id: `older-${subscription.id}`,
        endpoint: subscription.endpoint,
        payload: payload("Older"),
        status: "QUEUED",
        createdAt: expect.any(String),
      },
    ]);
  });

  it("answers 404 outside development", async () => {
    const dev = apiWith(PRODUCTION_BINDINGS).dev;
    const responses = [await dev["pushbox.json"].$get(), await dev.notifications[":eventId"].flush.$post({ param: { eventId: "e" } })];
    expect(responses.map((r) => r.status)).toEqual([404, 404]);
  });
});
