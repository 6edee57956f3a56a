import { Hono } from "hono";
import { getDb } from "@worker/db/client";
import { loadUserView } from "@worker/domain/user-view";
import type { AppEnv } from "@worker/env";
import { clientOf } from "@worker/lib/auth/client";
import { bearerToken } from "@worker/lib/auth/middleware";
import { unauthorized } from "@worker/lib/errors";
import { describer } from "@worker/lib/openapi";
import { success } from "@worker/lib/success";
import { validate } from "@worker/lib/validation";
import { successSchema } from "@worker/shared/views.schema";
import {
  codeSigninSchema,
  googleSigninSchema,
  otpSentSchema,
  otpVerifiedSchema,
  refreshedSchema,
  resetLinkParamsSchema,
  resetLinkSentSchema,
  resetLinkUsableSchema,
  resetPasswordParamsSchema,
  resetByLinkParamsSchema,
  resetPasswordByOtpSchema,
  resetPasswordSchema,
  sendOtpSchema,
  signedInSchema,
  signinSchema,
  signupSchema,
  verifyOtpSchema,
} from "./auth.schema";
import { signIn, signInWithGoogle, signUp } from "./auth.service";
import { signInWithCode } from "./code-signin.service";
import { sendOtp, verifyOtp } from "./otp.service";
import { checkResetLink, resetPasswordByLink, resetPasswordByOtp, sendResetLink } from "./password-reset.service";
import { logOut, refreshTokenFrom, rotateSession } from "./session.service";

const describe = describer({ tags: ["Accounts"] });
const refreshHeader = {
  parameters: [{ in: "header", name: "RefreshToken", required: true, schema: { type: "string" }, description: "`Bearer <refreshToken>`" }],
};

/** Mounted at /auth. */
export const authRoutes = new Hono<AppEnv>()
  .post(
    "/signup",
    describe({ summary: "Create an account with a verified e-mail code", responses: { 201: signedInSchema }, errors: [409] }),
    validate("json", signupSchema),
    async (c) => {
      return c.json(await signUp(c.env, getDb(c.env.DB), c.req.valid("json")), 201);
    },
  )
  .post(
    "/signin",
    describe({ summary: "Sign in with e-mail or phone and password", responses: { 200: signedInSchema }, errors: [401, 429] }),
    validate("json", signinSchema),
    async (c) => {
      return c.json(await signIn(c.env, getDb(c.env.DB), c.req.valid("json"), clientOf(c.req.raw.headers)), 200);
    },
  )
  .post(
    "/email-code",
    describe({
      summary: "Sign in with a code mailed to the address (SIGNIN), or create a password-less account with it",
      description:
        "The code comes from POST /oapi/otp with otpType SIGNIN. A right code signs in to the address's account; an address without one gets a new account without a password when firstName is given (it takes the invitations already sent to the address), else 404 'No account uses this address yet. Add your name to create one.' and the code stays usable for 30 minutes. A password can be set later with a reset link. Wrong codes count as for any code (5 tries).",
      responses: { 200: signedInSchema },
      errors: [404, 429],
    }),
    validate("json", codeSigninSchema),
    async (c) => {
      return c.json(await signInWithCode(c.env, getDb(c.env.DB), c.req.valid("json")), 200);
    },
  )
  .post(
    "/gauth",
    describe({ summary: "Sign in with a Google ID token", responses: { 200: signedInSchema }, errors: [401] }),
    validate("json", googleSigninSchema),
    async (c) => {
      return c.json(await signInWithGoogle(c.env, getDb(c.env.DB), c.req.valid("json").credential), 200);
    },
  )
  .get(
    "/refresh-user-token",
    describe({
      summary: "Trade the refresh token for new tokens",
      description:
        "The refresh token is spent; within 30 s the same token answers the same successor (two tabs), later reuse ends the sign-in.",
      responses: { 200: refreshedSchema },
      errors: [401],
      extra: refreshHeader,
    }),
    async (c) => {
      const token = refreshTokenFrom(c.req.header("RefreshToken"));
      if (!token) throw unauthorized(/*i18n*/ "No refresh token available");
      const db = getDb(c.env.DB);
      const { userId, authToken, refreshToken } = await rotateSession(c.env, db, token);
      return c.json({ authToken, refreshToken, user: await loadUserView(c.env, db, userId) }, 200);
    },
  )
  .post(
    "/logout",
    describe({
      summary: "End the sign-in",
      description:
        "Ends the session of the bearer access token (expired or not), or of the RefreshToken header; logging out twice is fine.",
      responses: { 200: successSchema },
      extra: { security: [{ bearerAuth: [] }, {}] },
    }),
    async (c) => {
      await logOut(c.env, getDb(c.env.DB), {
        accessToken: bearerToken(c.req.header("Authorization")),
        refreshToken: refreshTokenFrom(c.req.header("RefreshToken")),
      });
      return success(c);
    },
  );

/** Mounted at /oapi: OTP and password reset. */
export const accountRoutes = new Hono<AppEnv>()
  .post(
    "/otp",
    describe({
      summary: "Send a code for registration, a password reset or a sign-in by code",
      description:
        "Answers alike whether or not an account exists. otpType PASSWORD_RESET asks for a reset code, SIGNIN for a code that POST /auth/email-code trades for a sign-in (mailed to any address), anything else for a registration code.",
      responses: { 200: otpSentSchema },
      errors: [429],
    }),
    validate("json", sendOtpSchema),
    async (c) => {
      return c.json(await sendOtp(c.env, getDb(c.env.DB), c.req.valid("json"), clientOf(c.req.raw.headers), c.var.locale), 200);
    },
  )
  .post(
    "/otp/verify",
    describe({ summary: "Check a code", responses: { 200: otpVerifiedSchema }, errors: [429] }),
    validate("json", verifyOtpSchema),
    async (c) => {
      return c.json(await verifyOtp(c.env, getDb(c.env.DB), c.req.valid("json")), 200);
    },
  )
  .get(
    "/resetpassword/:identifier",
    describe({
      summary: "E-mail a password reset link",
      description: "Answers at once and alike whether or not an account exists; the mail is sent after the answer.",
      responses: { 200: resetLinkSentSchema },
    }),
    validate("param", resetLinkParamsSchema),
    (c) => {
      const { identifier } = c.req.valid("param");
      const sent = sendResetLink(c.env, getDb(c.env.DB), identifier, (work) => c.executionCtx.waitUntil(work), c.var.locale);
      return c.json({ ...sent, message: c.var.i18n._(sent.message) }, 200);
    },
  )
  .get(
    "/reset-password/:resetPasswordId",
    describe({
      summary: "Check a password reset link before a new password is typed",
      description:
        "Answers { valid: true } while the link can set a password; unknown, used and expired links answer 404 alike, and nothing about the account is told. The link stays usable: only POST /oapi/resetpassword/{identifier} spends it.",
      responses: { 200: resetLinkUsableSchema },
      errors: [404],
    }),
    validate("param", resetPasswordParamsSchema),
    async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(await checkResetLink(getDb(c.env.DB), c.req.valid("param").resetPasswordId), 200);
    },
  )
  .post(
    "/resetpassword/:identifier",
    describe({ summary: "Set a new password with a reset link", responses: { 200: successSchema }, errors: [404] }),
    validate("param", resetByLinkParamsSchema),
    validate("json", resetPasswordSchema),
    async (c) => {
      const { password } = c.req.valid("json");
      return c.json(await resetPasswordByLink(c.env, getDb(c.env.DB), c.req.valid("param").identifier, password), 200);
    },
  )
  .post(
    "/resetpasswordbyotpverification",
    describe({ summary: "Set a new password with a verified code", responses: { 200: successSchema }, errors: [404] }),
    validate("json", resetPasswordByOtpSchema),
    async (c) => {
      return c.json(await resetPasswordByOtp(c.env, getDb(c.env.DB), c.req.valid("json")), 200);
    },
  );
