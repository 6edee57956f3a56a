import { useState, type FormEvent } from "react";
import { Button } from "@web/components/ui/button";
import { FormError, TextField } from "@web/components/ui/field";
import { authPanel } from "@web/lib/auth-panel";
import { fieldError } from "@web/lib/field-error";
import { useFocusFirstInvalid } from "@web/lib/focus-first-invalid";
import { useI18n } from "@web/lib/i18n";
import { signupSchema } from "@worker/features/auth/auth.schema";
import { useSignUp } from "../api/sign-up";
import { failureMessage } from "../failure-message";
import { useBusy } from "../hooks/use-busy";
import { mismatchError, newPasswordError } from "../password-rules";
import { PasswordPair } from "./password-pair";

const AUTO_CLOSE_AFTER_SIGNUP_MS = 1000;

export function RegisterDetailsStep({ email, otpId, onDone }: { email: string; otpId: string; onDone: () => void }) {
  const i18n = useI18n();
  const [form, setForm] = useState({ firstName: "", lastName: "", organisation: "", password: "", confirm: "" });
  const [errors, setErrors] = useState<Partial<Record<keyof typeof form | "form", string>>>({});
  const [busy, run] = useBusy();
  const signUp = useSignUp();
  const { ref, focusInvalid } = useFocusFirstInvalid();
  const set = (key: keyof typeof form) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined, form: undefined }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: typeof errors = {};
    // The server's own rules and caps (names at most 100 characters).
    const firstName = fieldError(signupSchema.shape.firstName, form.firstName);
    const lastName = fieldError(signupSchema.shape.lastName, form.lastName);
    const password = newPasswordError(form.password);
    const confirm = password ? undefined : mismatchError(form.password, form.confirm);
    if (firstName) next.firstName = firstName;
    if (lastName) next.lastName = lastName;
    if (password) next.password = password;
    if (confirm) next.confirm = confirm;
    setErrors(next);
    if (Object.keys(next).length) return focusInvalid();
    void run(async () => {
      try {
        await signUp.mutateAsync({
          emailId: email,
          password: form.password,
          firstName: form.firstName.trim(),
          lastName: form.lastName.trim(),
          organisation: form.organisation.trim() || undefined,
          id: otpId,
        });
        // Signed in at once; the panel closes a second later so the success can be seen.
        onDone();
        setTimeout(authPanel.close, AUTO_CLOSE_AFTER_SIGNUP_MS);
      } catch (err) {
        setErrors({ form: failureMessage(err, i18n._("Failed to create account. Please try again.")) });
        focusInvalid();
      }
    });
  };

  return (
    <form ref={ref} onSubmit={submit} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={i18n._("First name")}
          autoComplete="given-name"
          autoFocus
          value={form.firstName}
          onChange={(e) => set("firstName")(e.target.value)}
          error={errors.firstName}
        />
        <TextField
          label={i18n._("Last name")}
          autoComplete="family-name"
          value={form.lastName}
          onChange={(e) => set("lastName")(e.target.value)}
          error={errors.lastName}
        />
      </div>
      <TextField
        label={i18n._("Organisation (optional)")}
        autoComplete="organization"
        value={form.organisation}
        onChange={(e) => set("organisation")(e.target.value)}
      />
      <PasswordPair
        password={form.password}
        confirm={form.confirm}
        setPassword={set("password")}
        setConfirm={set("confirm")}
        errors={{ password: errors.password, confirm: errors.confirm }}
      />
      <FormError>{errors.form}</FormError>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? i18n._("Creating account...") : i18n._("Create account")}
      </Button>
    </form>
  );
}
