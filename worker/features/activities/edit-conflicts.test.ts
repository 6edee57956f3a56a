import { describe, expect, it } from "vitest";
import { addActivity, cast } from "@worker/test/itinerary";
import { HOUR, iso } from "@worker/test/time";
import { activityRow, put } from "./activities.test-support";

async function walk() {
  const { owner, host, pub } = await cast();
  const start = pub.start + 9 * HOUR;
  const activity = await addActivity(pub.event.id, pub.days[0]!.id, start, { name: "Walk", subtitle: "", description: "Along the river" });
  const edit = (token: string, json: Parameters<typeof put>[4]) => put(pub.event.id, pub.days[0]!.id, activity.id, token, json);
  return { owner, host, activity, start, edit };
}

describe("PUT an activity with the values the editor started from (base)", () => {
  it("answers the second of two saves from the same base 409 'Someone else changed this while you were editing' with the current name", async () => {
    const { owner, host, activity, edit } = await walk();
    expect((await edit(host.token, { name: "River walk", base: { name: "Walk" } })).status).toBe(200);

    const late = await edit(owner.token, { name: "Old town walk", base: { name: "Walk" } });
    expect(late.status).toBe(409);
    expect(await late.json()).toEqual({ error: "Someone else changed this while you were editing", current: { name: "River walk" } });
    expect((await activityRow(activity.id))!.name).toBe("River walk");
  });

  it("names who moved the time, from the change log, and answers the current start as an instant", async () => {
    const { owner, host, activity, start, edit } = await walk();
    const moved = await edit(host.token, {
      startIsoTime: iso(start - HOUR),
      endIsoTime: iso(start + HOUR),
      base: { startIsoTime: iso(start), endIsoTime: iso(start + HOUR) },
    });
    expect(moved.status).toBe(200);

    const late = await edit(owner.token, {
      startIsoTime: iso(start + HOUR / 2),
      endIsoTime: iso(start + HOUR),
      base: { startIsoTime: iso(start), endIsoTime: iso(start + HOUR) },
    });
    expect(late.status).toBe(409);
    expect(await late.json()).toEqual({
      error: `${host.firstName} ${host.lastName} changed this while you were editing`,
      current: { startIsoTime: new Date(start - HOUR).toISOString() },
    });
    expect((await activityRow(activity.id))!.startTime.getTime()).toBe(start - HOUR);
  });

  it("lands both when two organisers change different fields from the same base", async () => {
    const { owner, host, activity, edit } = await walk();
    const [a, b] = await Promise.all([
      edit(host.token, { name: "River walk", base: { name: "Walk" } }),
      edit(owner.token, { description: "Along the Tagus", base: { description: "Along the river" } }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await activityRow(activity.id)).toMatchObject({ name: "River walk", description: "Along the Tagus" });
  });

  it("keeps someone else's new end when the save sends the end unchanged from its base", async () => {
    const { owner, host, activity, start, edit } = await walk();
    const base = { startIsoTime: iso(start), endIsoTime: iso(start + HOUR) };
    expect((await edit(host.token, { startIsoTime: iso(start), endIsoTime: iso(start + 2 * HOUR), base })).status).toBe(200);
    expect((await edit(owner.token, { startIsoTime: iso(start - HOUR), endIsoTime: iso(start + HOUR), base })).status).toBe(200);
    const row = (await activityRow(activity.id))!;
    expect([row.startTime.getTime(), row.endTime.getTime()]).toEqual([start - HOUR, start + 2 * HOUR]);
  });

  it("saves again with the new base after a conflict ('Use mine')", async () => {
    const { owner, host, activity, edit } = await walk();
    await edit(host.token, { name: "River walk", base: { name: "Walk" } });
    expect((await edit(owner.token, { name: "Old town walk", base: { name: "Walk" } })).status).toBe(409);
    expect((await edit(owner.token, { name: "Old town walk", base: { name: "River walk" } })).status).toBe(200);
    expect((await activityRow(activity.id))!.name).toBe("Old town walk");
  });

  it("lets the last write win without a base (older clients)", async () => {
    const { owner, host, activity, edit } = await walk();
    expect((await edit(host.token, { name: "River walk" })).status).toBe(200);
    expect((await edit(owner.token, { name: "Old town walk" })).status).toBe(200);
    expect((await activityRow(activity.id))!.name).toBe("Old town walk");
  });
});
