import { useState, type FormEvent, type ReactNode } from "react";
import { Button } from "@web/components/ui/button";
import { TextField } from "@web/components/ui/field";
import { fieldError } from "@web/lib/field-error";
import { useI18n } from "@web/lib/i18n";
import { PHONE_PATTERN, signupSchema } from "@worker/features/auth/auth.schema";
import { useSendOtp } from "../api/send-otp";
import { failureMessage } from "../failure-message";
import { useBusy } from "../hooks/use-busy";

/**
 * The first step of registration and of reset by code: sends a code to the address. A reset also accepts
 * a mobile number and asks for a PASSWORD_RESET code.
 */
export function EmailStep({
  intro,
  acceptPhone,
  onSent,
  extra,
}: {
  intro: string;
  acceptPhone?: boolean;
  onSent: (email: string, otpId: string) => void;
  extra?: (email: string, setError: (message: string) => void) => ReactNode;
}) {
  const i18n = useI18n();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, run] = useBusy();
  const sendOtp = useSendOtp();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = email.trim();
    const emailError = fieldError(signupSchema.shape.emailId, value);
    if (emailError && !(acceptPhone && PHONE_PATTERN.test(value))) {
      setError(emailError);
      return;
    }
    setError(null);
    void run(async () => {
      try {
        const { id } = await sendOtp.mutateAsync({ emailOrPhone: value, otpType: acceptPhone ? "PASSWORD_RESET" : undefined });
        onSent(value, id);
      } catch (err) {
        setError(failureMessage(err, i18n._("Failed to send OTP. Please try again.")));
      }
    });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">{intro}</p>
      <TextField
        label={i18n._("Email")}
        type="email"
        autoComplete="email"
        autoFocus
        value={email}
        onChange={(e) => {
          setEmail(e.target.value);
          setError(null);
        }}
        error={error}
      />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? i18n._("Sending...") : i18n._("Send OTP")}
      </Button>
      {extra?.(email.trim(), setError)}
    </form>
  );
}
