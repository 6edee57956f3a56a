import { useState, type FormEvent } from "react";
import { Button } from "../../../components/ui/button";
import { FormError } from "../../../components/ui/field";
import { errorMessage } from "../../../lib/api-client";
import { authApi, PASSWORD_MIN_LENGTH } from "../api";
import { useBusy } from "../hooks/use-busy";
import { PasswordPair } from "./password-pair";

export function ResetByCodeStep({ email, otpId, onDone }: { email: string; otpId: string; onDone: () => void }) {
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<{ password?: string; confirm?: string; form?: string }>({});
  const [busy, run] = useBusy();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: typeof errors = {};
    if (!password) next.password = "Password is required";
    else if (password.length < PASSWORD_MIN_LENGTH) next.password = "Password must be at least 8 characters long";
    else if (password !== confirm) next.confirm = "Passwords do not match";
    setErrors(next);
    if (Object.keys(next).length) return;
    void run(async () => {
      try {
        await authApi.resetByOtp(email, password, otpId);
        onDone();
      } catch (err) {
        setErrors({ form: errorMessage(err, "Failed to reset password. Please try again.") });
      }
    });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">Choose a new password of at least 8 characters.</p>
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
        {busy ? "Resetting..." : "Reset password"}
      </Button>
    </form>
  );
}
