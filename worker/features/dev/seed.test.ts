import { exports } from "cloudflare:workers";
import { count, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activities, changeLog, events, feedbackResponses, users } from "@worker/db/schema";
import { localDateTime } from "@worker/shared/time-zone";
import { signIn } from "@worker/test/accounts";
import { apiAs } from "@worker/test/client";
import { db } from "@worker/test/helpers";
import { remind } from "@worker/test/rsvp";
import { DEMO_LOGIN } from "./seed.service";

describe("the demo seed", () => {
  it("creates the demo account and experience once; running it twice changes nothing", async () => {
    const first = await (await apiAs().dev.seed.$post()).json();
    expect(first).toMatchObject({ email: "demo@experiences.app", created: true });
    const totals = async () => ({
      users: (await db().select({ n: count() }).from(users))[0]!.n,
      events: (await db().select({ n: count() }).from(events))[0]!.n,
      activities: (await db().select({ n: count() }).from(activities))[0]!.n,
    });
    const before = await totals();
    expect(before.events).toBe(1);
    const second = await (await apiAs().dev.seed.$post()).json();
    expect(second).toMatchObject({ created: false });
    expect(await totals()).toEqual(before);
  });

  it("gives the demo experience someone in every group of the Attendees tab", async () => {
    await apiAs().dev.seed.$post();
    const { authToken } = await (await signIn(DEMO_LOGIN.email, DEMO_LOGIN.password)).json();
    const [event] = await db().select({ id: events.id }).from(events);
    const list = await (await apiAs(authToken).api.rsvp.event[":eventId"].$get({ param: { eventId: event!.id }, query: {} })).json();
    expect(new Set(list.map((a) => a.status))).toEqual(new Set(["YES", "REQUESTED", "NO", "HOST_APPROVAL_REQUESTED"]));
    expect(list.find((a) => a.status === "REQUESTED")!.user).toMatchObject({ guid: null, firstName: "Priya", tags: ["Speaker"] });
  });
});

describe("the demo experience's tabs", () => {
  const seeded = async (login: string) => {
    await apiAs().dev.seed.$post();
    const { authToken } = await (await signIn(login, DEMO_LOGIN.password)).json();
    const [event] = await db().select({ id: events.id }).from(events);
    return { api: apiAs(authToken), eventId: event!.id };
  };

  it("shows a feed with photos, likes and comments, each photo served from R2", async () => {
    const { api, eventId } = await seeded("guest@experiences.app");
    const { feeds } = await (await api.api.feeds[":eventId"].$get({ param: { eventId }, query: {} })).json();
    expect(feeds).toHaveLength(3);
    expect(feeds.filter((post) => post.media !== null)).toHaveLength(2);
    expect(feeds.every((post) => post.likesCount > 0 && post.lastThreeComments.length > 0)).toBe(true);
    const photo = await exports.default.fetch(new URL(feeds.find((post) => post.media)!.media!, "http://localhost"));
    expect(photo.status).toBe(200);
    expect(photo.headers.get("Content-Type")).toBe("image/jpeg");
  });

  it("shows bulletins, the common welcome pack and Grace's own e-ticket", async () => {
    const { api, eventId } = await seeded("guest@experiences.app");
    const posted = await (await api.api.bulletin[":eventId"].$get({ param: { eventId } })).json();
    expect(posted.map((bulletin) => bulletin.title)).toEqual(["Coach to Sintra", "Welcome to the retreat"]);
    const [grace] = await db().select({ id: users.id }).from(users).where(eq(users.email, "guest@experiences.app"));
    const documents = (ownerId: string) =>
      api.api.documents.event[":eventId"].user[":userId"].$get({ param: { eventId, userId: ownerId } });
    expect((await (await documents("common")).json()).map((d) => d.name)).toEqual(["Welcome pack.pdf"]);
    const own = await (await documents(grace!.id)).json();
    expect(own.map((d) => d.name)).toEqual(["E-ticket TP 1351.pdf"]);
    expect((await exports.default.fetch(new URL(own[0]!.document.original, "http://localhost"))).headers.get("Content-Type")).toBe(
      "application/pdf",
    );
  });

  it("has a published feedback form with answers that Grace has not answered yet", async () => {
    const { api, eventId } = await seeded("guest@experiences.app");
    const active = await (await api.api.events[":eventId"].form.active.$get({ param: { eventId } })).json();
    expect(active).toMatchObject({ form: { title: "Retreat feedback" }, answered: false, canAnswer: true });
    const [answered] = await db().select({ n: count() }).from(feedbackResponses);
    expect(answered!.n).toBe(3);
  });

  it("opens Grace's page with 'What changed since you last looked': the sunset cruise moved, already told by e-mail", async () => {
    const { api, eventId } = await seeded("guest@experiences.app");
    const changes = await (await api.api.events[":eventId"].changes.$get({ param: { eventId }, query: {} })).json();
    // On Lisbon's clock: 'GMT' in winter, 'Lisbon time' in summer (Intl's label there is an offset).
    expect(changes.changes.map((change) => change.text)).toEqual([
      expect.stringMatching(/^Sunset cruise: 05:30 PM → 06:00 PM (GMT|Lisbon time)$/),
    ]);
    expect(await db().select().from(changeLog).where(isNull(changeLog.digestId))).toEqual([]);
  });

  it("is in Lisbon: the experience and its times are on Lisbon's clock, the sunset cruise at 06:00 PM there", async () => {
    const { api, eventId } = await seeded("guest@experiences.app");
    const itinerary = await (await api.oapi.itinerary[":eventId"].$get({ param: { eventId } })).json();
    expect(itinerary.timeZone).toBe("Europe/Lisbon");
    const [cruise] = await db().select().from(activities).where(eq(activities.name, "Sunset cruise"));
    expect(localDateTime(cruise!.startTime.getTime(), "Europe/Lisbon").time).toBe("18:00");
  });

  it("dates its check-ins in the past, never after the seed ran", async () => {
    const before = Date.now();
    const { api, eventId } = await seeded(DEMO_LOGIN.email);
    const sheet = await (await api.api.events[":eventId"].checkin.list.$get({ param: { eventId } })).json();
    expect(sheet.checkins).toHaveLength(2);
    for (const checkin of sheet.checkins) expect(Date.parse(checkin.scannedAt)).toBeLessThan(before);
  });

  it("lets 'Send reminder' remind Priya on a fresh demo: her invitation is older than the hour's grace", async () => {
    const { eventId } = await seeded(DEMO_LOGIN.email);
    const { authToken } = await (await signIn(DEMO_LOGIN.email, DEMO_LOGIN.password)).json();
    const answer = await remind(authToken, eventId);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ reminded: 1 });
  });

  it("opens the Check-in screen with Marco and Amara already admitted, and a pass for every attending guest", async () => {
    const { api, eventId } = await seeded(DEMO_LOGIN.email);
    const sheet = await (await api.api.events[":eventId"].checkin.list.$get({ param: { eventId } })).json();
    expect(sheet.lists).toEqual([expect.objectContaining({ isDefault: true, checkedIn: 2 })]);
    expect(sheet.checkins.map((c) => [c.byName, c.device])).toEqual([
      ["Dana Demo", "Main entrance"],
      ["Hugo Host", "Gate 2"],
    ]);
    expect(sheet.attendees.map((a) => a.name).sort()).toEqual(["Amara Okafor", "Grace Guest", "Lucas Martin", "Marco Rossi"]);
  });
});
