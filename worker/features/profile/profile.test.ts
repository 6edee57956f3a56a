import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import type { InferRequestType } from "hono/client";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { files, userTags, users } from "@worker/db/schema";
import { apiAs, errorOf } from "@worker/test/client";
import { PNG } from "@worker/test/files";
import { call, db, makeUser } from "@worker/test/helpers";

const profileOf = (token?: string) => apiAs(token).api.profile;
type ProfileChange = InferRequestType<ReturnType<typeof profileOf>["user"]["$put"]>["json"];

const readProfile = (token?: string) => profileOf(token).user.$get();
const updateProfile = (token: string, json: ProfileChange) => profileOf(token).user.$put({ json });
const uploadPicture = (token: string, bytes: Uint8Array, name: string, type: string) =>
  profileOf(token)["profile-picture"].$post({ form: { file: new File([bytes], name, { type }) } });

describe("GET /api/profile/user", () => {
  it("answers the signed-in user's view", async () => {
    const user = await makeUser({ organisation: "Babbage & Co", bio: "Engines." });
    await db()
      .insert(userTags)
      .values([
        { userId: user.id, tag: "maths", position: 1 },
        { userId: user.id, tag: "poetry", position: 0 },
      ]);
    const response = await readProfile(user.token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      guid: user.id,
      firstName: user.firstName,
      lastName: "Test",
      emailId: user.email,
      organisation: "Babbage & Co",
      bio: "Engines.",
      tags: ["poetry", "maths"],
      profilePic: null,
      language: null,
    });
  });

  it("answers 401 without a token", async () => {
    const response = await readProfile();
    expect(response.status).toBe(401);
    expect(await errorOf(response)).toBe("Please sign in to continue.");
  });

  it("refuses forged and expired access tokens", async () => {
    const user = await makeUser();
    const claims = { typ: "access", sid: user.sessionId };
    const sign = (secret: string, expires: number) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(user.id)
        .setAudience("experiences-api")
        .setIssuer("experiences")
        .setIssuedAt(expires - 900)
        .setExpirationTime(expires)
        .sign(new TextEncoder().encode(secret));
    const now = Math.floor(Date.now() / 1000);
    const forged = await sign("not-the-server-secret", now + 600);
    const expired = await sign(env.JWT_SECRET, now - 60);
    const unsigned = `${btoa(JSON.stringify({ alg: "none" }))}.${btoa(JSON.stringify({ sub: user.id, typ: "access" }))}.`;

    for (const token of [forged, expired, unsigned]) {
      const response = await readProfile(token);
      expect(response.status).toBe(401);
      expect(await errorOf(response)).toBe("Your session has expired. Please sign in again.");
    }
    expect((await readProfile(await sign(env.JWT_SECRET, now + 600))).status).toBe(200);
  });
});

describe("PUT /api/profile/user", () => {
  it("updates the profile and answers the updated user view", async () => {
    const user = await makeUser();
    const response = await updateProfile(user.token, {
      firstName: " Ada ",
      lastName: "Lovelace",
      organisation: " Analytical Engines ",
      bio: "First programmer.",
      tags: [" Maths ", "", "poetry", "maths", "  ", "Engines"],
    });
    expect(response.status).toBe(200);
    const expected = {
      guid: user.id,
      firstName: "Ada",
      lastName: "Lovelace",
      emailId: user.email,
      organisation: "Analytical Engines",
      bio: "First programmer.",
      tags: ["Maths", "poetry", "Engines"],
      profilePic: null,
      language: null,
    };
    expect(await response.json()).toEqual(expected);
    expect(await (await readProfile(user.token)).json()).toEqual(expected);
  });

  it("leaves out fields alone, and replaces the tags in their new order", async () => {
    const user = await makeUser({ bio: "Keep me" });
    await updateProfile(user.token, { tags: ["a", "b", "c"] });
    const response = await updateProfile(user.token, { tags: ["c", "a"] });
    expect(await response.json()).toMatchObject({ firstName: user.firstName, bio: "Keep me", tags: ["c", "a"] });
    const cleared = await updateProfile(user.token, { tags: [] });
    expect(await cleared.json()).toMatchObject({ tags: [] });
  });

  it("keeps the language they choose, and clears it back to their browser's", async () => {
    const user = await makeUser();
    expect(await (await updateProfile(user.token, { language: "ja" })).json()).toMatchObject({ language: "ja" });
    expect(await (await readProfile(user.token)).json()).toMatchObject({ language: "ja" });
    expect(await (await updateProfile(user.token, { language: null })).json()).toMatchObject({ language: null });
  });

  it("answers 'Choose one of the languages the app offers' for a language it does not speak, and keeps the old one", async () => {
    const user = await makeUser();
    await updateProfile(user.token, { language: "de" });
    // @ts-expect-error Klingon is not one of the twelve
    const response = await updateProfile(user.token, { language: "tlh" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Choose one of the languages the app offers" });
    expect(await (await readProfile(user.token)).json()).toMatchObject({ language: "de" });
  });

  it("answers 'First name is required' for a blank first name", async () => {
    const user = await makeUser();
    const response = await updateProfile(user.token, { firstName: "   " });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe("First name is required");
  });

  it("refuses more than 30 tags and tags longer than 40 characters", async () => {
    const user = await makeUser();
    const many = await updateProfile(user.token, { tags: Array.from({ length: 31 }, (_, i) => `tag ${i}`) });
    expect(many.status).toBe(400);
    expect(await errorOf(many)).toBe("You can add at most 30 interests");
    const long = await updateProfile(user.token, { tags: ["x".repeat(41)] });
    expect(long.status).toBe(400);
    expect(await errorOf(long)).toBe("An interest can be at most 40 characters long");

    const thirty = await updateProfile(user.token, { tags: [...Array.from({ length: 30 }, (_, i) => `tag ${i}`), "TAG 0", " "] });
    expect(thirty.status).toBe(200);
    expect((await thirty.json()).tags).toHaveLength(30);
  });
});

describe("POST /api/profile/profile-picture", () => {
  it("stores the image, answers the user view with signed URLs and removes the previous picture", async () => {
    const user = await makeUser();
    const first = await uploadPicture(user.token, PNG, "me.png", "image/png");
    expect(first.status).toBe(200);
    const view = await first.json();
    expect(view.profilePic).toMatchObject({
      original: expect.stringMatching(/^\/files\//),
      thumbnail: expect.stringMatching(/^\/files\//),
    });
    const picture = await call(view.profilePic!.original);
    expect(picture.headers.get("Content-Type")).toBe("image/png");
    expect(new Uint8Array(await picture.arrayBuffer())).toEqual(PNG);
    const [firstFile] = await db().select().from(files).where(eq(files.uploaderId, user.id));

    const second = await uploadPicture(user.token, PNG, "me-again.png", "image/png");
    expect(second.status).toBe(200);
    const remaining = await db().select().from(files).where(eq(files.uploaderId, user.id));
    expect(remaining).toHaveLength(1);
    expect(remaining[0]!.id).not.toBe(firstFile!.id);
    expect(await env.FILES.get(firstFile!.key)).toBeNull();
    expect((await second.json()).profilePic!.original).toContain(remaining[0]!.id);
  });

  it("refuses with 400 'Please upload an image file' an HTML file named .png", async () => {
    const user = await makeUser();
    const html = new TextEncoder().encode("<html><script>alert(1)</script></html>");
    const response = await uploadPicture(user.token, html, "me.png", "image/png");
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe("Please upload an image file");
    expect(await db().select().from(files).where(eq(files.uploaderId, user.id))).toHaveLength(0);
  });

  it("answers 400 without a file", async () => {
    const user = await makeUser();
    // A form without a file is outside the route's types.
    const response = await call("/api/profile/profile-picture", { method: "POST", token: user.token, body: new FormData() });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe("Please upload an image file");
  });
});

// Spec of issue 8 §2 (no orphaned files): requests fired at once, then what D1 and R2 hold read back.

const upload = (token: string) => apiAs(token).api.profile["profile-picture"].$post({ form: { file: new File([PNG], "me.png") } });

describe("concurrent profile picture uploads", () => {
  it("10 uploads at once all answer 200 and leave exactly one file, in D1 and in R2, the one the user shows", async () => {
    const user = await makeUser();
    await upload(user.token);
    const old = (await db().select().from(files).where(eq(files.uploaderId, user.id)))[0]!;

    const responses = await Promise.all(Array.from({ length: 10 }, () => upload(user.token)));

    for (const response of responses) expect(response.status, await response.clone().text()).toBe(200);
    const [row] = await db().select({ picture: users.profilePicFileId }).from(users).where(eq(users.id, user.id));
    const rows = await db().select().from(files).where(eq(files.uploaderId, user.id));
    const objects = (await env.FILES.list({ prefix: `users/${user.id}/` })).objects.map((o) => o.key);
    expect(rows.map((f) => f.id)).toEqual([row!.picture]);
    expect(objects).toEqual([rows[0]!.key]);
    expect(row!.picture).not.toBe(old.id);
  });
});
