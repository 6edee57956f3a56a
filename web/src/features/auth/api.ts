import { api } from "../../lib/api-client";
import { rateLimited } from "../../lib/rate-limit";
import type { CurrentUser } from "../../lib/session";

export type SignedInAnswer = CurrentUser & { authToken: string; refreshToken: string };

export const authApi = {
  sendOtp: (emailOrPhone: string, otpType?: "PASSWORD_RESET") =>
    api<{ id: string }>("/oapi/otp", { json: { emailOrPhone, ...(otpType ? { otpType } : {}) } }),
  verifyOtp: (id: string, otp: string) => api<{ verified: true }>("/oapi/otp/verify", { json: { id, otp } }),
  signUp: (body: { emailId: string; password: string; firstName: string; lastName: string; organisation?: string; id: string }) =>
    api<SignedInAnswer>("/auth/signup", { json: body }),
  signIn: (emailOrPhone: string, password: string) => api<SignedInAnswer>("/auth/signin", { json: { emailOrPhone, password } }),
  google: (credential: string) => api<SignedInAnswer>("/auth/gauth", { json: { credential } }),
  resetByOtp: (emailId: string, password: string, otpId: string) =>
    api<{ success: true }>("/oapi/resetpasswordbyotpverification", { json: { emailId, password, otpId } }),
  // Spec 1 §7: the reset link request is limited on the client to 3 calls per 5000 ms.
  sendResetLink: rateLimited((email: string) => api<{ success: true }>(`/oapi/resetpassword/${encodeURIComponent(email)}`), 3, 5000),
  resetByLink: (resetPasswordId: string, password: string, confirmPassword: string) =>
    api<{ success: true }>(`/oapi/resetpassword/${encodeURIComponent(resetPasswordId)}`, { json: { password, confirmPassword } }),
};

export { EMAIL_PATTERN, PASSWORD_MIN_LENGTH, PHONE_PATTERN } from "../../../../worker/features/auth/auth.schema";
export const OTP_PATTERN = /^.{6}$/;
