import { Hono } from "hono";
import { getDb } from "../../db/client";
import type { AppEnv } from "../../env";
import { clientOf } from "../../lib/auth/client";
import { bearerToken } from "../../lib/auth/middleware";
import { loadUserView } from "../../lib/auth/user-view";
import { unauthorized } from "../../lib/errors";
import { validate } from "../../lib/validation";
import {
  googleSigninSchema,
  resetLinkParamsSchema,
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
import { logOut, refreshTokenFrom, rotateSession } from "./session.service";

/** Mounted at /auth. */
export const authRoutes = new Hono<AppEnv>()
  .post("/signup", validate("json", signupSchema), async (c) => {
    return c.json(await signUp(c.env, getDb(c.env.DB), c.req.valid("json")), 201);
  })
  .post("/signin", validate("json", signinSchema), async (c) => {
    return c.json(await signIn(c.env, getDb(c.env.DB), c.req.valid("json"), clientOf(c.req.raw.headers)));
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
    await logOut(c.env, getDb(c.env.DB), {
      accessToken: bearerToken(c.req.header("Authorization")),
      refreshToken: refreshTokenFrom(c.req.header("RefreshToken")),
    });
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
  .get("/resetpassword/:identifier", validate("param", resetLinkParamsSchema), (c) => {
    const { identifier } = c.req.valid("param");
    return c.json(sendResetLink(c.env, getDb(c.env.DB), identifier, (work) => c.executionCtx.waitUntil(work)));
  })
  .post("/resetpassword/:resetPasswordId", validate("json", resetPasswordSchema), async (c) => {
    const { password } = c.req.valid("json");
    return c.json(await resetPasswordByLink(c.env, getDb(c.env.DB), c.req.param("resetPasswordId"), password));
  })
  .post("/resetpasswordbyotpverification", validate("json", resetPasswordByOtpSchema), async (c) => {
    return c.json(await resetPasswordByOtp(c.env, getDb(c.env.DB), c.req.valid("json")));
  });
