import { useState, type FormEvent } from "react";
import { Button } from "@web/components/ui/button";
import { FormError, TextField } from "@web/components/ui/field";
import { errorMessage } from "@web/lib/api-client";
import { authPanel } from "@web/lib/auth-panel";
import { fieldError } from "@web/lib/field-error";
import { useI18n } from "@web/lib/i18n";
import { EMAIL_PATTERN, PHONE_PATTERN, signinSchema } from "@worker/features/auth/auth.schema";
import { useSignIn } from "../api/sign-in";
import { useBusy } from "../hooks/use-busy";
import { GoogleSignInButton } from "./google-sign-in-button";
import { PasswordField } from "./password-field";
import { SwitchLink } from "./switch-link";

export function LoginForm() {
  const i18n = useI18n();
  const [emailOrPhone, setEmailOrPhone] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<{ emailOrPhone?: string; password?: string; form?: string }>({});
  const [busy, run] = useBusy();
  const signIn = useSignIn();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const id = emailOrPhone.trim();
    const next: typeof errors = {};
    const idError = fieldError(signinSchema.shape.emailOrPhone, id);
    if (idError) next.emailOrPhone = idError;
    else if (!EMAIL_PATTERN.test(id) && !PHONE_PATTERN.test(id))
      next.emailOrPhone = i18n._("Please enter a valid email address or 10-digit mobile number");
    const passwordError = fieldError(signinSchema.shape.password, password);
    if (passwordError) next.password = passwordError;
    setErrors(next);
    if (Object.keys(next).length) return;
    void run(async () => {
      try {
        await signIn.mutateAsync({ emailOrPhone: id, password });
        authPanel.close();
      } catch (error) {
        setErrors({ form: errorMessage(error) });
      }
    });
  };

  return (
    <div>
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField
          label={i18n._("Email or phone")}
          autoComplete="username"
          autoFocus
          value={emailOrPhone}
          onChange={(e) => setEmailOrPhone(e.target.value)}
          error={errors.emailOrPhone}
        />
        <PasswordField
          label={i18n._("Password")}
          autoComplete="current-password"
          value={password}
          onValue={setPassword}
          error={errors.password}
        />
        <div className="-mt-2 text-end text-sm">
          <SwitchLink to="forgot-password">{i18n._("Forgot password?")}</SwitchLink>
        </div>
        <FormError>{errors.form}</FormError>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? i18n._("Signing in...") : i18n._("Login")}
        </Button>
      </form>
      <p className="mt-4 text-center text-sm text-slate-600">
        <SwitchLink to="code">{i18n._("Sign in with an e-mail code instead")}</SwitchLink>
      </p>
      <GoogleSignInButton />
      <p className="mt-5 text-center text-sm text-slate-600">
        {i18n._("New to Experiences?")} <SwitchLink to="register">{i18n._("Create an account")}</SwitchLink>
      </p>
    </div>
  );
}
