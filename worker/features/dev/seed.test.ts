import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activities, events, users } from "@worker/db/schema";
import { apiAs } from "@worker/test/client";
import { db } from "@worker/test/helpers";
import { signIn } from "@worker/test/accounts";
import { DEMO_LOGIN } from "./seed";

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
