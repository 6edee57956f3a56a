import { fieldError } from "@web/lib/field-error";
import { resetPasswordSchema } from "@worker/features/auth/auth.schema";

/** A new password's problem in the server's words (required, at least 8 and at most 200 characters), or undefined. */
export const newPasswordError = (password: string) => fieldError(resetPasswordSchema.shape.password, password);

/** 'Please confirm your password' when the confirmation is empty, or undefined. */
export const missingConfirmationError = (confirm: string) => fieldError(resetPasswordSchema.shape.confirmPassword, confirm);

/** The server's 'Passwords do not match' when the confirmation differs from the password, or undefined. */
export function mismatchError(password: string, confirm: string): string | undefined {
  if (password === confirm) return undefined;
  // The schema compares the two after each field's own checks: its last word on the confirmation.
  return resetPasswordSchema
    .safeParse({ password, confirmPassword: confirm })
    .error?.issues.findLast((issue) => issue.path[0] === "confirmPassword")?.message;
}
