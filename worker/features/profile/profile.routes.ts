import { Hono } from "hono";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { userId } from "../../lib/auth/middleware";
import { loadUserView } from "../../lib/auth/user-view";
import { IMAGE_TYPES, readUpload } from "../../lib/files";
import { validate } from "../../lib/validation";
import { profilePictureSchema, updateProfileSchema } from "./profile.schema";
import { setProfilePicture, updateProfile } from "./profile.service";

/** Mounted at /api/profile. */
export const profileRoutes = new Hono<AppEnv>()
  .get("/user", async (c) => {
    return c.json(await loadUserView(c.env, getDb(c.env.DB), userId(c)));
  })
  .put("/user", validate("json", updateProfileSchema), async (c) => {
    return c.json(await updateProfile(c.env, getDb(c.env.DB), userId(c), c.req.valid("json")));
  })
  .post("/profile-picture", validate("form", profilePictureSchema), async (c) => {
    const upload = await readUpload(c.req.valid("form").file, IMAGE_TYPES, "Please upload an image file");
    return c.json(await setProfilePicture(c.env, getDb(c.env.DB), userId(c), upload));
  });
