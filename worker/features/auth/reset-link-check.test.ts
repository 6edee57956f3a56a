import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { passwordResets } from "@worker/db/schema";
import { apiAs, errorOf } from "@worker/test/client";
import { db } from "@worker/test/helpers";
import { linkIdMailedTo, makeUserWithPassword, requestLink, resetByLink, signIn } from "@worker/test/accounts";

const PASSWORD = "old password 123";
const checkLink = (resetPasswordId: string) => apiAs().oapi["reset-password"][":resetPasswordId"].$get({ param: { resetPasswordId } });

async function mailedLink() {
  const user = await makeUserWithPassword(PASSWORD);
  await requestLink(user.email);
  return { user, id: await linkIdMailedTo(user.email) };
}

async function expectUnusable(resetPasswordId: string) {
  const response = await checkLink(resetPasswordId);
  expect(response.status).toBe(404);
  expect(await response.json()).toEqual({ error: "This reset link is invalid or has expired." });
}

describe("GET /oapi/reset-password/:resetPasswordId", () => {
  it("answers { valid: true } for a fresh link, uncached, and leaves it usable for the reset", async () => {
    const { user, id } = await mailedLink();
    const response = await checkLink(id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ valid: true });
    expect(response.headers.get("Cache-Control")).toBe("no-store");

    expect((await checkLink(id)).status).toBe(200);
    expect((await resetByLink(id, "new password 456")).status).toBe(200);
    expect((await signIn(user.email, "new password 456")).status).toBe(200);
  });

  it("answers 404 'This reset link is invalid or has expired.' once the link has been used", async () => {
    const { id } = await mailedLink();
    expect((await resetByLink(id, "new password 456")).status).toBe(200);
    await expectUnusable(id);
  });

  it("answers the same 404 for an expired link", async () => {
    const { user, id } = await mailedLink();
    await db()
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user.id));
    await expectUnusable(id);
  });

  it("answers the same 404 for an unknown link, telling nothing about any account", async () => {
    await expectUnusable("made-up-id");
    await expectUnusable(crypto.randomUUID());
  });

  it("answers the same 404 for an older link once a newer one has reset the password", async () => {
    const { user, id: older } = await mailedLink();
    await requestLink(user.email);
    const newer = await linkIdMailedTo(user.email);
    expect(newer).not.toBe(older);
    expect((await resetByLink(newer, "new password 456")).status).toBe(200);
    await expectUnusable(older);
  });

  it("answers 400 for an id longer than 200 characters", async () => {
    const response = await checkLink("x".repeat(201));
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBeTruthy();
  });
});
