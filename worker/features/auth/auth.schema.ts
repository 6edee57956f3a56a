import { z } from "zod";
import { userViewSchema, PATH_ID_TOO_LONG } from "@worker/shared/views.schema";
import { requiredText } from "@worker/shared/visible-text";

// Shared with the web forms: only zod here, nothing worker-only.

/** Letters, digits and ._%+- before the @, a domain, then a 2 to 7 letter suffix. */
export const EMAIL_PATTERN = /^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,7}$/;
/** A mobile number: exactly 10 digits, the first one 1 to 9. */
export const PHONE_PATTERN = /^[1-9]\d{9}$/;
/** The longest address mail can carry (RFC 5321's 256-octet path less its angle brackets). */
export const EMAIL_MAX_LENGTH = 254;
export const OTP_LENGTH = 6;
const PASSWORD_MIN_LENGTH = 8;

const INVALID_EMAIL = /*i18n*/ "Please enter a valid email address";

const email = z
  .string({ error: INVALID_EMAIL })
  .trim()
  .max(EMAIL_MAX_LENGTH, INVALID_EMAIL)
  .regex(EMAIL_PATTERN, INVALID_EMAIL)
  .toLowerCase();

/** An e-mail address or a mobile number, as the sign-in, OTP and reset forms take it. */
const emailOrPhone = requiredText(/*i18n*/ "Email or phone is required").max(EMAIL_MAX_LENGTH, INVALID_EMAIL);

const PASSWORD_MAX_LENGTH = 200;
const newPassword = z
  .string({ error: /*i18n*/ "Password is required" })
  .min(1, /*i18n*/ "Password is required")
  .min(PASSWORD_MIN_LENGTH, /*i18n*/ "Password must be at least 8 characters long")
  .max(PASSWORD_MAX_LENGTH, /*i18n*/ "Password must be at most 200 characters long");

export const sendOtpSchema = z.object({
  emailOrPhone,
  /** PASSWORD_RESET for a reset code, SIGNIN for a code that signs in (or makes the account); anything else (or nothing) asks for a registration code. */
  otpType: z.string().max(40, /*i18n*/ "otpType is too long").nullish(),
});
export type SendOtpInput = z.infer<typeof sendOtpSchema>;

export const verifyOtpSchema = z.object({
  id: requiredText(/*i18n*/ "Invalid OTP. Please try again.").max(100, /*i18n*/ "Invalid OTP. Please try again."),
  otp: z
    .string({ error: /*i18n*/ "Please enter a valid 6-digit OTP" })
    .trim()
    .length(OTP_LENGTH, /*i18n*/ "Please enter a valid 6-digit OTP"),
});
export type VerifyOtpInput = z.infer<typeof verifyOtpSchema>;

export const signupSchema = z.object({
  emailId: email,
  password: newPassword,
  // The same caps as profile edit.
  firstName: requiredText(/*i18n*/ "First name is required").max(100, /*i18n*/ "First name is too long"),
  lastName: requiredText(/*i18n*/ "Last name is required").max(100, /*i18n*/ "Last name is too long"),
  organisation: z.string().trim().max(200, /*i18n*/ "Organisation is too long").optional(),
  id: requiredText(/*i18n*/ "Please verify your email address first").max(100, /*i18n*/ "Please verify your email address first"),
});
export type SignupInput = z.infer<typeof signupSchema>;

/** Answered, after a right code, to an address with no account when no name came with it: the form then asks for one. */
export const NO_ACCOUNT_YET = /*i18n*/ "No account uses this address yet. Add your name to create one.";

/** Sign-in by e-mail code: the account of the address, or a new one without a password when a first name is given. */
export const codeSigninSchema = z.object({
  id: requiredText(/*i18n*/ "Invalid OTP. Please try again.").max(100, /*i18n*/ "Invalid OTP. Please try again."),
  otp: verifyOtpSchema.shape.otp,
  emailId: email,
  firstName: z.string().trim().max(100, /*i18n*/ "First name is too long").optional(),
  lastName: z.string().trim().max(100, /*i18n*/ "Last name is too long").optional(),
});
export type CodeSigninInput = z.infer<typeof codeSigninSchema>;

export const signinSchema = z.object({
  emailOrPhone,
  password: z
    .string({ error: /*i18n*/ "Password is required" })
    .min(1, /*i18n*/ "Password is required")
    .max(PASSWORD_MAX_LENGTH, /*i18n*/ "Password must be at most 200 characters long"),
});
export type SigninInput = z.infer<typeof signinSchema>;

export const googleSigninSchema = z.object({
  credential: requiredText(/*i18n*/ "Error signing in with Google").max(8192, /*i18n*/ "Error signing in with Google"),
});

export const resetPasswordSchema = z
  .object({
    password: newPassword,
    confirmPassword: z
      .string({ error: /*i18n*/ "Please confirm your password" })
      .min(1, /*i18n*/ "Please confirm your password")
      .max(PASSWORD_MAX_LENGTH, /*i18n*/ "Passwords do not match"),
  })
  .refine((v) => v.password === v.confirmPassword, { message: /*i18n*/ "Passwords do not match", path: ["confirmPassword"] });

export const resetPasswordByOtpSchema = z.object({
  emailId: requiredText(INVALID_EMAIL).max(EMAIL_MAX_LENGTH, INVALID_EMAIL),
  password: newPassword,
  otpId: requiredText(/*i18n*/ "Please verify the code sent to your email first").max(
    100,
    /*i18n*/ "Please verify the code sent to your email first",
  ),
});
export type ResetPasswordByOtpInput = z.infer<typeof resetPasswordByOtpSchema>;

export const resetLinkParamsSchema = z.object({
  identifier: requiredText(INVALID_EMAIL).max(EMAIL_MAX_LENGTH, INVALID_EMAIL),
});

// ── Responses ───────────────────────────────────────────────────────────────

/** A sign-in: the user, with the access token (15 minutes) and the refresh token that renews it. */
export const signedInSchema = userViewSchema.extend({ authToken: z.string(), refreshToken: z.string() }).meta({ id: "SignedIn" });
export const refreshedSchema = z
  .object({ authToken: z.string(), refreshToken: z.string(), user: userViewSchema })
  .meta({ id: "Refreshed" });
export const otpSentSchema = z.object({ id: z.string() });
export const otpVerifiedSchema = z.object({ verified: z.literal(true) });
export const resetLinkSentSchema = z.object({ success: z.literal(true), message: z.string() });
export const resetPasswordParamsSchema = z.object({ resetPasswordId: z.string().max(200, PATH_ID_TOO_LONG) });
/**
 * POST /oapi/resetpassword/{identifier}: the reset link's id. The path is GET's too (which takes an address there), so
 * both name their one parameter alike: one path of the API document, not two that differ only by a name.
 */
export const resetByLinkParamsSchema = z.object({
  identifier: z.string().max(200, PATH_ID_TOO_LONG).meta({ description: "The reset link's id: the last part of the e-mailed link." }),
});
/** A reset link that can still set a password: unknown, used and expired ones answer 404 alike. */
export const resetLinkUsableSchema = z.object({ valid: z.literal(true) });
