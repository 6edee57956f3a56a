import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activitySignups, events, rsvps } from "@worker/db/schema";
import { apiAs, errorOf } from "@worker/test/client";
import { csvRows, sheetRows } from "@worker/test/export-file";
import { addGuest, addHost, db, makeUser } from "@worker/test/helpers";
import { addActivity } from "@worker/test/itinerary";
import { HOUR } from "@worker/test/time";
import { moveAs, signUpAs, signupExperience, type Target } from "./signups.test-support";

// Issue 38, 'exports (CSV and .xlsx)': an activity's sign-ups as the attendee export is (docs/exports-and-history.md).

const exportOf = (token: string, path: Target, format: "csv" | "xlsx" = "csv") =>
  apiAs(token).api.events[":eventId"].programs[":dayId"].activity[":activityId"].signups.export.$get({ param: path, query: { format } });

const HEADER = ["Name", "E-mail", "Organisation", "Status", "Waitlist position", "Signed up at", "Groups"];

/**
 * A two-place workshop in New York time: Ana (of Acme, in the VIP and Speakers groups) and Ben hold its places, Caro
 * and Dan wait, each signed up at a known instant, and Dan was moved to the front of the queue.
 */
async function fullWorkshop() {
  const setup = await signupExperience(2);
  await db().update(events).set({ timeZone: "America/New_York" }).where(eq(events.id, setup.event.id));
  const [ana, ben, caro, dan] = await Promise.all([
    makeUser({ firstName: "Ana", lastName: "Lima", organisation: "Acme" }),
    makeUser({ firstName: "Ben", lastName: "Berg" }),
    makeUser({ firstName: "Caro", lastName: "Costa" }),
    makeUser({ firstName: "Dan", lastName: "Dias" }),
  ]);
  for (const [i, person] of [ana!, ben!, caro!, dan!].entries()) {
    await addGuest(setup.event.id, person);
    await signUpAs(person.token, setup.path);
    await db()
      .update(activitySignups)
      .set({ createdAt: new Date(Date.UTC(2027, 0, 11, 15, 30 + 10 * i)) })
      .where(and(eq(activitySignups.activityId, setup.path.activityId), eq(activitySignups.userId, person.id)));
  }
  await db()
    .update(rsvps)
    .set({ tags: ["VIP", "Speakers"] })
    .where(eq(rsvps.userId, ana!.id));
  await moveAs(setup.owner.token, setup.path, dan!.id, 1);
  return { ...setup, ana: ana!, ben: ben!, caro: caro!, dan: dan! };
}

describe("GET /api/events/{eventId}/programs/{dayId}/activity/{activityId}/signups/export", () => {
  it("lists who holds a place, then who waits, in the waitlist's order", async () => {
    const { owner, path } = await fullWorkshop();
    const response = await exportOf(owner.token, path);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const [header, ...rows] = await csvRows(response);
    expect(header).toEqual(HEADER);
    expect(rows.map((row) => [row[0], row[3], row[4]])).toEqual([
      ["Ana Lima", "Signed up", ""],
      ["Ben Berg", "Signed up", ""],
      ["Dan Dias", "Waiting", "1"],
      ["Caro Costa", "Waiting", "2"],
    ]);
  });

  it("gives each their e-mail, organisation and groups, and when they signed up on the experience's clock with its zone", async () => {
    const { owner, path, ana, caro } = await fullWorkshop();
    const rows = await csvRows(await exportOf(owner.token, path));
    expect(rows.find((row) => row[0] === "Ana Lima")).toEqual([
      "Ana Lima",
      ana.email,
      "Acme",
      "Signed up",
      "",
      "Jan 11, 2027, 10:30 AM EST",
      "VIP, Speakers",
    ]);
    expect(rows.find((row) => row[0] === "Caro Costa")).toEqual([
      "Caro Costa",
      caro.email,
      "",
      "Waiting",
      "2",
      "Jan 11, 2027, 10:50 AM EST",
      "",
    ]);
  });

  it("writes an .xlsx that opens with the same rows", async () => {
    const { owner, path } = await fullWorkshop();
    const response = await exportOf(owner.token, path, "xlsx");
    expect(response.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(await sheetRows(response)).toEqual(await csvRows(await exportOf(owner.token, path)));
  });

  it("names the file '{activity} sign-ups {date}', the date on the experience's clock", async () => {
    const { owner, path } = await fullWorkshop();
    const date = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date());
    expect((await exportOf(owner.token, path, "xlsx")).headers.get("Content-Disposition")).toBe(
      `attachment; filename="Workshop sign-ups ${date}.xlsx"; filename*=UTF-8''Workshop%20sign-ups%20${date}.xlsx`,
    );
  });

  it("is for the owner and hosts only: a guest gets 403", async () => {
    const { event, path, ana } = await fullWorkshop();
    const host = await makeUser();
    await addHost(event.id, host.id);
    expect((await exportOf(host.token, path)).status).toBe(200);
    const refused = await exportOf(ana.token, path);
    expect([refused.status, await errorOf(refused)]).toEqual([403, "You do not have permission to do this"]);
  });

  it("answers 404 for an activity limited to groups the caller can't see, as for one that does not exist", async () => {
    const { owner, event, start, days, ana, ben } = await fullWorkshop();
    const dinner = await addActivity(event.id, days[0]!.id, start + 19 * HOUR, {
      name: "VIP dinner",
      attendance: "SIGNUP",
      groups: ["VIP"],
    });
    const path = { eventId: event.id, dayId: days[0]!.id, activityId: dinner.id };
    const hidden = await exportOf(ben.token, path);
    expect([hidden.status, await errorOf(hidden)]).toEqual([404, "Activity not found"]);
    expect((await exportOf(ana.token, path)).status).toBe(403);
    expect((await exportOf(owner.token, path)).status).toBe(200);
  });
});
