import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { files, users } from "@worker/db/schema";
import { apiAs } from "@worker/test/client";
import { PNG } from "@worker/test/files";
import { db, makeUser } from "@worker/test/helpers";

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
