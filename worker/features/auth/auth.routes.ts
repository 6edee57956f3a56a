import { Hono } from "hono";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { loadUserView } from "../../lib/auth/user-view";
import { unauthorized } from "../../lib/errors";
import { validate } from "../../lib/validation";
import {
  googleSigninSchema,
  resetPasswordByOtpSchema,
  resetPasswordSchema,
  sendOtpSchema,
  signinSchema,
  signupSchema,
  verifyOtpSchema,
} from "./auth.schema";
import { signIn, signInWithGoogle, signUp } from "./auth.service";
import { sendOtp, verifyOtp } from "./otp.service";
import { resetPasswordByLink, resetPasswordByOtp, sendResetLink } from "./password-reset.service";
import { endSession, refreshTokenFrom, rotateSession } from "./session.service";

/** Mounted at /auth. */
export const authRoutes = new Hono<AppEnv>()
  .post("/signup", validate("json", signupSchema), async (c) => {
    return c.json(await signUp(c.env, getDb(c.env.DB), c.req.valid("json")), 201);
  })
  .post("/signin", validate("json", signinSchema), async (c) => {
    return c.json(await signIn(c.env, getDb(c.env.DB), c.req.valid("json")));
  })
  .post("/gauth", validate("json", googleSigninSchema), async (c) => {
    return c.json(await signInWithGoogle(c.env, getDb(c.env.DB), c.req.valid("json").credential));
  })
  .get("/refresh-user-token", async (c) => {
    const token = refreshTokenFrom(c.req.header("RefreshToken"));
    if (!token) throw unauthorized("No refresh token available");
    const db = getDb(c.env.DB);
    const { userId, authToken, refreshToken } = await rotateSession(c.env, db, token);
    return c.json({ authToken, refreshToken, user: await loadUserView(c.env, db, userId) });
  })
  .post("/logout", async (c) => {
    const token = refreshTokenFrom(c.req.header("RefreshToken"));
    if (token) await endSession(getDb(c.env.DB), token);
    return c.json({ success: true as const });
  });

/** Mounted at /oapi: OTP and password reset. */
export const accountRoutes = new Hono<AppEnv>()
  .post("/otp", validate("json", sendOtpSchema), async (c) => {
    return c.json(await sendOtp(c.env, getDb(c.env.DB), c.req.valid("json")));
  })
  .post("/otp/verify", validate("json", verifyOtpSchema), async (c) => {
    return c.json(await verifyOtp(c.env, getDb(c.env.DB), c.req.valid("json")));
  })
  .get("/resetpassword/:identifier", async (c) => {
    return c.json(await sendResetLink(c.env, getDb(c.env.DB), c.req.param("identifier")));
  })
  .post("/resetpassword/:resetPasswordId", validate("json", resetPasswordSchema), async (c) => {
    const { password } = c.req.valid("json");
    return c.json(await resetPasswordByLink(c.env, getDb(c.env.DB), c.req.param("resetPasswordId"), password));
  })
  .post("/resetpasswordbyotpverification", validate("json", resetPasswordByOtpSchema), async (c) => {
    return c.json(await resetPasswordByOtp(c.env, getDb(c.env.DB), c.req.valid("json")));
  });
