import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@worker/db/client";
import { passes, rsvps } from "@worker/db/schema";
import { currentPass } from "@worker/domain/passes";
import { passPublicKey } from "@worker/lib/pass-keys";
import { passQrSvg } from "@worker/shared/pass-qr";
import { readPass } from "@worker/shared/pass-token";
import { addGuest, makeEvent, makeUser } from "@worker/test/helpers";

const db = () => getDb(env.DB);

async function attending() {
  const [owner, guest] = await Promise.all([makeUser({ firstName: "Olga" }), makeUser({ firstName: "Gus" })]);
  const event = await makeEvent(owner.id);
  const rsvpId = await addGuest(event.id, guest, "YES");
  return { event, rsvpId };
}

describe("passes", () => {
  it("issues one pass to an attending guest, signed with the experience's key, even when asked for at once", async () => {
    const { event, rsvpId } = await attending();
    const [first, second] = await Promise.all([currentPass(db(), env, event.id, rsvpId), currentPass(db(), env, event.id, rsvpId)]);
    expect(first?.serial).toBe(second?.serial);
    const claims = await readPass(first!.token, await passPublicKey(db(), env, event.id), event.id);
    expect(claims).toMatchObject({ eventId: event.id, rsvpId, serial: first!.serial });
    expect(await readPass(first!.token, await passPublicKey(db(), env, event.id), "another-event")).toBeNull();
  });

  it("revokes the pass in D1 when the guest declines, and issues a new one when they attend again", async () => {
    const { event, rsvpId } = await attending();
    const pass = await currentPass(db(), env, event.id, rsvpId);
    await db().update(rsvps).set({ status: "NO" }).where(eq(rsvps.id, rsvpId));
    expect(await currentPass(db(), env, event.id, rsvpId)).toBeNull();
    const revoked = await db().select().from(passes).where(eq(passes.serial, pass!.serial)).get();
    expect(revoked).toMatchObject({ revokedReason: "LEFT" });
    await db().update(rsvps).set({ status: "YES" }).where(eq(rsvps.id, rsvpId));
    expect((await currentPass(db(), env, event.id, rsvpId))?.serial).not.toBe(pass!.serial);
  });
});

describe("pass QR code", () => {
  it("draws the token as an SVG QR code", async () => {
    const svg = await passQrSvg("eyJhbGciOiJFUzI1NiJ9.eyJlIjoiZXZ0In0.c2ln");
    expect(svg).toMatch(/^<svg[^>]*viewBox/);
  });
});
