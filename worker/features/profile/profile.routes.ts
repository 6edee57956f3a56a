import { Hono } from "hono";
import { getDb } from "@worker/db/client";
import { loadUserView } from "@worker/domain/user-view";
import type { AppEnv } from "@worker/env";
import { userId } from "@worker/lib/auth/middleware";
import { IMAGE_TYPES, readUpload } from "@worker/lib/files";
import { describer } from "@worker/lib/openapi";
import { fileUploadLimit } from "@worker/lib/upload-limit";
import { validate } from "@worker/lib/validation";
import { userViewSchema } from "@worker/shared/views.schema";
import { profilePictureSchema, updateProfileSchema } from "./profile.schema";
import { setProfilePicture, updateProfile } from "./profile.service";

const describe = describer({ tags: ["Profile"] });

/** Mounted at /api/profile. */
export const profileRoutes = new Hono<AppEnv>()
  .get("/user", describe({ summary: "The signed-in user", responses: { 200: userViewSchema } }), async (c) => {
    return c.json(await loadUserView(c.env, getDb(c.env.DB), userId(c)), 200);
  })
  .put(
    "/user",
    describe({ summary: "Edit the profile", responses: { 200: userViewSchema } }),
    validate("json", updateProfileSchema),
    async (c) => {
      return c.json(await updateProfile(c.env, getDb(c.env.DB), userId(c), c.req.valid("json")), 200);
    },
  )
  .post(
    "/profile-picture",
    describe({ summary: "Upload a profile picture", responses: { 200: userViewSchema }, errors: [413] }),
    fileUploadLimit("image"),
    validate("form", profilePictureSchema),
    async (c) => {
      const upload = await readUpload(c.req.valid("form").file, IMAGE_TYPES, /*i18n*/ "Please upload an image file");
      return c.json(await setProfilePicture(c.env, getDb(c.env.DB), userId(c), upload), 200);
    },
  );
