import { useState, type FormEvent } from "react";
import { Button } from "@web/components/ui/button";
import { TextField } from "@web/components/ui/field";
import { UserText } from "@web/components/ui/user-text";
import { errorMessage, isNetworkError } from "@web/lib/api-client";
import { fieldError } from "@web/lib/field-error";
import { useI18n } from "@web/lib/i18n";
import { Trans } from "@web/lib/trans";
import { verifyOtpSchema } from "@worker/features/auth/auth.schema";
import { useVerifyOtp } from "../api/verify-otp";
import { failureMessage } from "../failure-message";
import { useBusy } from "../hooks/use-busy";

/**
 * Checks the 6-digit code sent to `email`; `onResend` asks for a new one. `submitCode` replaces the check (the light path signs in
 * with the code), with its button's words in `labels`.
 */
export function OtpStep({
  email,
  otpId,
  onVerified,
  onResend,
  submitCode,
  labels,
}: {
  email: string;
  otpId: string;
  onVerified: () => void;
  onResend: () => Promise<void>;
  submitCode?: (otp: string) => Promise<void>;
  labels?: { submit: string; busy: string };
}) {
  const i18n = useI18n();
  const words = labels ?? { submit: i18n._("Verify"), busy: i18n._("Verifying...") };
  const [otp, setOtp] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, run] = useBusy();
  const verify = useVerifyOtp();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const otpError = fieldError(verifyOtpSchema.shape.otp, otp);
    if (otpError) {
      setError(otpError);
      return;
    }
    setError(null);
    void run(async () => {
      try {
        if (submitCode) await submitCode(otp);
        else await verify.mutateAsync({ id: otpId, otp });
        onVerified();
      } catch (err) {
        setError(isNetworkError(err) ? errorMessage(err) : i18n._("Invalid OTP. Please try again."));
      }
    });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">
        <Trans
          id="We sent a 6-digit code to <0>{email}</0>. It is valid for 10 minutes."
          values={{ email }}
          components={{ 0: <UserText as="strong" className="text-slate-900" /> }}
        />
      </p>
      <TextField
        label={i18n._("Verification code")}
        inputMode="numeric"
        autoComplete="one-time-code"
        autoFocus
        maxLength={6}
        value={otp}
        onChange={(e) => {
          setOtp(e.target.value.replace(/\s/g, ""));
          setError(null);
        }}
        error={error}
        className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-center font-mono text-xl tracking-[0.5em] focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
      />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? words.busy : words.submit}
      </Button>
      <p className="text-center text-sm text-slate-600">
        {i18n._("Didn't get it?")}{" "}
        <button
          type="button"
          className="font-semibold text-brand-600 hover:text-brand-700"
          onClick={() =>
            void run(async () => {
              try {
                await onResend();
                setError(null);
              } catch (err) {
                setError(failureMessage(err, i18n._("Failed to send OTP. Please try again.")));
              }
            })
          }
        >
          {i18n._("Send a new code")}
        </button>
      </p>
    </form>
  );
}
