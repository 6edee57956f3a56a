import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@worker/db/client";
import { rsvps } from "@worker/db/schema";
import { coachMoved, makeDigest } from "@worker/test/digest";
import { addGuest, db, makeEvent, makeUser } from "@worker/test/helpers";
import { digestPage } from "./digest.service";

// Who a digest tells of an activity limited to groups (docs/programme.md): its organisers and the guests in its groups.

describe("a digest of an activity limited to groups", () => {
  it("tells the organisers and guests in its groups, whatever their case, and no other guest", async () => {
    const [owner, host, vip, plain] = await Promise.all([makeUser(), makeUser(), makeUser(), makeUser()]);
    const event = await makeEvent(owner.id);
    await addGuest(event.id, vip);
    await addGuest(event.id, plain);
    await db()
      .update(rsvps)
      .set({ tags: ["vip"] })
      .where(eq(rsvps.userId, vip.id));
    const digestId = await makeDigest(event.id, [{ ...coachMoved(host.id), label: "VIP dinner", groups: ["VIP"] }]);
    const page = await digestPage(getDb(env.DB), digestId, 0);
    const told = page!.tellings.map((telling) => telling.recipient.id);
    expect(told).toEqual(expect.arrayContaining([owner.id, vip.id]));
    expect(told).not.toContain(plain.id);
  });
});
