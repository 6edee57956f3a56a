import { useEffect, useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { Button } from "@web/components/ui/button";
import { FormError } from "@web/components/ui/field";
import { errorMessage } from "@web/lib/api-client";
import { useFocusFirstInvalid } from "@web/lib/focus-first-invalid";
import { useI18n } from "@web/lib/i18n";
import { useResetPasswordByLink } from "../api/reset-password-by-link";
import { mismatchError, missingConfirmationError, newPasswordError } from "../password-rules";
import { PasswordField } from "./password-field";

export const REDIRECT_AFTER_RESET_MS = 2000;
type Status = "idle" | "submitting" | "success" | "error";

/** Spec 1 §4: New Password and Confirm Password for a link known to be usable; home 2 s after success. */
export function ResetPasswordForm({ resetPasswordId }: { resetPasswordId: string }) {
  const i18n = useI18n();
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [fieldErrors, setFieldErrors] = useState<{ password?: string; confirmPassword?: string }>({});
  const [status, setStatus] = useState<Status>("idle");
  const [error, setError] = useState<string | null>(null);
  const reset = useResetPasswordByLink();
  const { ref, focusInvalid } = useFocusFirstInvalid();

  useEffect(() => {
    if (status !== "success") return;
    const timer = setTimeout(() => navigate("/", { replace: true }), REDIRECT_AFTER_RESET_MS);
    return () => clearTimeout(timer);
  }, [status, navigate]);

  const edit = (field: "password" | "confirmPassword", value: string) => {
    (field === "password" ? setPassword : setConfirmPassword)(value);
    setFieldErrors((e) => ({ ...e, [field]: undefined }));
    setError(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: typeof fieldErrors = {};
    const passwordError = newPasswordError(password);
    const confirmError = missingConfirmationError(confirmPassword) ?? (password ? mismatchError(password, confirmPassword) : undefined);
    if (passwordError) next.password = passwordError;
    if (confirmError) next.confirmPassword = confirmError;
    setFieldErrors(next);
    if (Object.keys(next).length) return focusInvalid();
    setStatus("submitting");
    try {
      await reset.mutateAsync({ resetPasswordId, password, confirmPassword });
      setStatus("success");
    } catch (err) {
      setError(errorMessage(err, i18n._("Failed to reset password. Please try again.")));
      setStatus("error");
      focusInvalid();
    }
  };

  const disabled = status === "submitting" || status === "success";
  return (
    <form ref={ref} onSubmit={submit} noValidate className="mt-6 space-y-4">
      <PasswordField
        label={i18n._("New Password")}
        value={password}
        disabled={disabled}
        onValue={(value) => edit("password", value)}
        error={fieldErrors.password}
      />
      <PasswordField
        label={i18n._("Confirm Password")}
        value={confirmPassword}
        disabled={disabled}
        onValue={(value) => edit("confirmPassword", value)}
        error={fieldErrors.confirmPassword}
      />
      <FormError>{error}</FormError>
      {status === "success" && (
        <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-700">
          {i18n._("Password reset successfully! Redirecting to home page...")}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={disabled}>
        {status === "submitting" ? i18n._("Resetting Password...") : i18n._("Reset Password")}
      </Button>
    </form>
  );
}
