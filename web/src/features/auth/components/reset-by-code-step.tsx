import { useState, type FormEvent } from "react";
import { Button } from "@web/components/ui/button";
import { FormError } from "@web/components/ui/field";
import { errorMessage } from "@web/lib/api-client";
import { useFocusFirstInvalid } from "@web/lib/focus-first-invalid";
import { useI18n } from "@web/lib/i18n";
import { useResetPasswordByCode } from "../api/reset-password-by-code";
import { useBusy } from "../hooks/use-busy";
import { mismatchError, newPasswordError } from "../password-rules";
import { PasswordPair } from "./password-pair";

export function ResetByCodeStep({ email, otpId, onDone }: { email: string; otpId: string; onDone: () => void }) {
  const i18n = useI18n();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<{ password?: string; confirm?: string; form?: string }>({});
  const [busy, run] = useBusy();
  const reset = useResetPasswordByCode();
  const { ref, focusInvalid } = useFocusFirstInvalid();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const passwordError = newPasswordError(password);
    const confirmError = passwordError ? undefined : mismatchError(password, confirm);
    setErrors({ password: passwordError, confirm: confirmError });
    if (passwordError || confirmError) return focusInvalid();
    void run(async () => {
      try {
        await reset.mutateAsync({ emailId: email, password, otpId });
        onDone();
      } catch (err) {
        setErrors({ form: errorMessage(err, i18n._("Failed to reset password. Please try again.")) });
        focusInvalid();
      }
    });
  };
  return (
    <form ref={ref} onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">{i18n._("Choose a new password of at least 8 characters.")}</p>
      <PasswordPair
        password={password}
        confirm={confirm}
        setPassword={(v) => {
          setPassword(v);
          setErrors({});
        }}
        setConfirm={(v) => {
          setConfirm(v);
          setErrors({});
        }}
        errors={errors}
      />
      <FormError>{errors.form}</FormError>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? i18n._("Resetting...") : i18n._("Reset password")}
      </Button>
    </form>
  );
}
