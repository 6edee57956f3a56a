import { useState, type FormEvent } from "react";
import { Button } from "@web/components/ui/button";
import { FormError, TextField } from "@web/components/ui/field";
import { ApiError } from "@web/lib/api-client";
import { authPanel } from "@web/lib/auth-panel";
import { fieldError } from "@web/lib/field-error";
import { useI18n } from "@web/lib/i18n";
import { session } from "@web/lib/session";
import { signupSchema } from "@worker/features/auth/auth.schema";
import { useSendOtp } from "../api/send-otp";
import { useSignInWithCode } from "../api/sign-in-with-code";
import { failureMessage } from "../failure-message";
import { useBusy } from "../hooks/use-busy";
import { OtpStep } from "./otp-step";
import { SwitchLink } from "./switch-link";

type Errors = { firstName?: string; email?: string; form?: string };

/**
 * The light path (docs/accounts-and-sessions.md): a name and the address (filled in from an invitation), then the mailed
 * code, and the guest is signed in — to their account, or to a new one without a password. Without a name asked at
 * first (sign-in by code from Login), an address with no account asks for it once the code was right.
 */
export function CodeSignInFlow() {
  const i18n = useI18n();
  const [prefill] = useState(authPanel.prefill);
  const [askName, setAskName] = useState(Boolean(prefill.askName));
  const [firstName, setFirstName] = useState(prefill.firstName ?? "");
  const [lastName, setLastName] = useState(prefill.lastName ?? "");
  const [email, setEmail] = useState(prefill.email ?? "");
  const [step, setStep] = useState<"details" | "otp">("details");
  const [code, setCode] = useState({ id: "", otp: "" });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, run] = useBusy();
  const sendOtp = useSendOtp();
  const signIn = useSignInWithCode();

  const names = () => (askName ? { firstName: firstName.trim(), lastName: lastName.trim() } : {});
  const signInWith = (otp: string) => signIn.mutateAsync({ id: code.id, otp, emailId: email.trim(), ...names() });
  const submitCode = async (otp: string) => {
    setCode((current) => ({ ...current, otp }));
    try {
      await signInWith(otp);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
      // A right code for an address without an account: its name makes one.
      setAskName(true);
      setErrors({ form: error.message });
      setStep("details");
    }
  };
  const sendCode = (value: string) =>
    run(async () => {
      try {
        const { id } = await sendOtp.mutateAsync({ emailOrPhone: value, otpType: "SIGNIN" });
        setCode({ id, otp: "" });
        setStep("otp");
      } catch (error) {
        setErrors({ form: failureMessage(error, i18n._("Failed to send OTP. Please try again.")) });
      }
    });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = {};
    if (askName) {
      const nameError = fieldError(signupSchema.shape.firstName, firstName);
      if (nameError) next.firstName = nameError;
    }
    const emailError = fieldError(signupSchema.shape.emailId, email.trim());
    if (emailError) next.email = emailError;
    setErrors(next);
    if (Object.keys(next).length) return;
    // Back from 'add your name': the code already sent is still good.
    if (code.otp)
      return void run(async () => {
        try {
          await signInWith(code.otp);
          authPanel.close();
        } catch (error) {
          setErrors({ form: failureMessage(error, i18n._("Invalid OTP. Please try again.")) });
        }
      });
    void sendCode(email.trim());
  };

  if (step === "otp")
    return (
      <OtpStep
        email={email.trim()}
        otpId={code.id}
        submitCode={submitCode}
        labels={{ submit: i18n._("Continue"), busy: i18n._("Signing in...") }}
        onVerified={() => {
          // Not signed in yet when the address has no account: the form asks for the name instead.
          if (session.user()) authPanel.close();
        }}
        onResend={async () => setCode({ id: (await sendOtp.mutateAsync({ emailOrPhone: email.trim(), otpType: "SIGNIN" })).id, otp: "" })}
      />
    );
  return (
    <div>
      <form onSubmit={submit} noValidate className="space-y-4">
        <p className="text-sm text-slate-600">
          {askName
            ? i18n._("Your name and a code we e-mail you are all it takes: no password needed.")
            : i18n._("We'll e-mail you a code to sign in with: no password needed.")}
        </p>
        {askName && (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={i18n._("First name")}
              autoComplete="given-name"
              autoFocus
              value={firstName}
              onChange={(e) => setFirstName(e.target.value)}
              error={errors.firstName}
            />
            <TextField
              label={i18n._("Last name")}
              autoComplete="family-name"
              value={lastName}
              onChange={(e) => setLastName(e.target.value)}
            />
          </div>
        )}
        <TextField
          label={i18n._("Email")}
          type="email"
          autoComplete="email"
          autoFocus={!askName}
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setCode({ id: "", otp: "" });
          }}
          error={errors.email}
        />
        <FormError>{errors.form}</FormError>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? i18n._("Sending...") : code.otp ? i18n._("Continue") : i18n._("Send code")}
        </Button>
      </form>
      <p className="mt-5 text-center text-sm text-slate-600">
        {i18n._("Have a password?")} <SwitchLink to="login">{i18n._("Login")}</SwitchLink>
      </p>
    </div>
  );
}
