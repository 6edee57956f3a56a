import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bulletins, files } from "@worker/db/schema";
import { errorOf } from "@worker/test/client";
import { PNG } from "@worker/test/files";
import { addHost, call, db } from "@worker/test/helpers";
import { BULLETIN_MESSAGES } from "./bulletin.schema";
import { bulletinCrew, deleteBulletin, objectsOf, posted, readBulletins } from "./bulletin.test-support";

/** An experience whose host posted a bulletin with an image. */
async function withPicture(privacy: "PUBLIC" | "PRIVATE" = "PUBLIC") {
  const crew = await bulletinCrew({ privacy });
  const bulletin = await posted(crew.host.token, crew.event.id, {
    title: "Map",
    description: "Meet here",
    image: new File([PNG], "map.png"),
  });
  return { ...crew, bulletin };
}

describe("DELETE /api/bulletin/:eventId/:bulletinId", () => {
  it.each(["owner", "host"] as const)("lets the %s delete a bulletin with its image", async (who) => {
    const crew = await withPicture();
    const { event, bulletin } = crew;
    const response = await deleteBulletin(crew[who].token, event.id, bulletin.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    expect(await (await readBulletins(crew.guest.token, event.id)).json()).toEqual([]);
    expect(await db().select().from(bulletins).where(eq(bulletins.id, bulletin.id))).toEqual([]);
    expect(await objectsOf(event.id), "the image is gone from R2").toEqual([]);
    expect(await db().select().from(files).where(eq(files.eventId, event.id))).toEqual([]);
    expect((await call(bulletin.media!)).status, "its URL no longer serves it").toBe(404);
  });

  it("lets a host delete a bulletin the owner posted", async () => {
    const { owner, host, event } = await bulletinCrew();
    const bulletin = await posted(owner.token, event.id);
    expect((await deleteBulletin(host.token, event.id, bulletin.id)).status).toBe(200);
  });

  it.each(["PUBLIC", "PRIVATE"] as const)(
    "refuses a guest (403) and a stranger (404) of a %s experience, deleting nothing",
    async (privacy) => {
      const crew = await withPicture(privacy);
      const asGuest = await deleteBulletin(crew.guest.token, crew.event.id, crew.bulletin.id);
      expect(asGuest.status).toBe(403);
      expect(await errorOf(asGuest)).toBe(BULLETIN_MESSAGES.hostsOnly);
      const asStranger = await deleteBulletin(crew.stranger.token, crew.event.id, crew.bulletin.id);
      expect(asStranger.status).toBe(404);
      expect(await errorOf(asStranger)).toBe("Event not found");
      expect((await deleteBulletin(undefined, crew.event.id, crew.bulletin.id)).status, "signed out").toBe(401);
      expect((await (await readBulletins(crew.owner.token, crew.event.id)).json()).map((b) => b.id)).toEqual([crew.bulletin.id]);
      expect(await objectsOf(crew.event.id)).toHaveLength(1);
    },
  );

  it("answers 404 'Bulletin not found' to a second delete, and to a bulletin of another experience", async () => {
    const crew = await withPicture();
    const other = await bulletinCrew();
    // Even a host of both experiences deletes a bulletin only under its own experience.
    await addHost(other.event.id, crew.owner.id);
    const elsewhere = await posted(other.owner.token, other.event.id);

    expect((await deleteBulletin(crew.owner.token, crew.event.id, crew.bulletin.id)).status).toBe(200);
    const again = await deleteBulletin(crew.owner.token, crew.event.id, crew.bulletin.id);
    expect(again.status).toBe(404);
    expect(await errorOf(again)).toBe(BULLETIN_MESSAGES.notFound);

    const crossed = await deleteBulletin(crew.owner.token, crew.event.id, elsewhere.id);
    expect(crossed.status).toBe(404);
    expect(await errorOf(crossed)).toBe(BULLETIN_MESSAGES.notFound);
    expect((await (await readBulletins(other.owner.token, other.event.id)).json()).map((b) => b.id)).toEqual([elsewhere.id]);
  });

  it("deletes a bulletin once when two hosts delete it at once", async () => {
    const crew = await withPicture();
    const answers = await Promise.all([crew.owner, crew.host].map((who) => deleteBulletin(who.token, crew.event.id, crew.bulletin.id)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404]);
    expect(await objectsOf(crew.event.id)).toEqual([]);
  });
});
