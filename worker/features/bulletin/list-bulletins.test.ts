import { describe, expect, it } from "vitest";
import { errorOf } from "@worker/test/client";
import { addGuest } from "@worker/test/helpers";
import { bulletinCrew, posted, readBulletins } from "./bulletin.test-support";

describe("GET /api/bulletin/:eventId", () => {
  it.each(["owner", "host", "guest"] as const)("shows the %s every bulletin, newest first by timestamp", async (who) => {
    const crew = await bulletinCrew();
    const first = await posted(crew.owner.token, crew.event.id, { title: "Welcome", description: "Glad you came" });
    const second = await posted(crew.host.token, crew.event.id, { title: "Shuttle", description: "9:00 at the lobby" });
    const third = await posted(crew.owner.token, crew.event.id, { title: "Dinner", description: "Line one\nLine two" });

    const response = await readBulletins(crew[who].token, crew.event.id);
    expect(response.status).toBe(200);
    const list = await response.json();
    expect(list.map((b) => b.id)).toEqual([third.id, second.id, first.id]);
    expect(list[0]).toEqual(third);
    const times = list.map((b) => Date.parse(b.timestamp));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("answers an empty list for an experience without bulletins", async () => {
    const { guest, event } = await bulletinCrew();
    const response = await readBulletins(guest.token, event.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([]);
  });

  it("shows only this experience's bulletins", async () => {
    const crew = await bulletinCrew();
    const other = await bulletinCrew();
    await posted(other.owner.token, other.event.id);
    const mine = await posted(crew.owner.token, crew.event.id);
    expect((await (await readBulletins(crew.guest.token, crew.event.id)).json()).map((b) => b.id)).toEqual([mine.id]);
  });

  it.each(["PUBLIC", "PRIVATE"] as const)("answers 404 to a stranger and to someone only invited to a %s experience", async (privacy) => {
    const crew = await bulletinCrew({ privacy });
    await posted(crew.owner.token, crew.event.id);
    for (const who of ["stranger", "invited"] as const) {
      const response = await readBulletins(crew[who].token, crew.event.id);
      expect(response.status, who).toBe(404);
      expect(await errorOf(response)).toBe("Event not found");
    }
  });

  it("lets a guest who said MAYBE read them", async () => {
    const crew = await bulletinCrew();
    await addGuest(crew.event.id, crew.stranger, "MAYBE");
    expect((await readBulletins(crew.stranger.token, crew.event.id)).status).toBe(200);
  });

  it("answers 401 when signed out, and 404 for an experience that does not exist", async () => {
    const { event, guest } = await bulletinCrew();
    expect((await readBulletins(undefined, event.id)).status).toBe(401);
    expect((await readBulletins(guest.token, crypto.randomUUID())).status).toBe(404);
  });
});
