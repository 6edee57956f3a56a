import { Button } from "@web/components/ui/button";
import { UserText } from "@web/components/ui/user-text";
import { authPanel } from "@web/lib/auth-panel";
import { useI18n } from "@web/lib/i18n";
import { Trans } from "@web/lib/trans";
import { useEmailCode } from "../hooks/use-email-code";
import { AuthSuccess } from "./auth-success";
import { EmailStep } from "./email-step";
import { OtpStep } from "./otp-step";
import { ResetByCodeStep } from "./reset-by-code-step";
import { ResetLinkButton } from "./reset-link-button";
import { SwitchLink } from "./switch-link";

/** Spec 1 §2: e-mail, code, new password, success; or e-mail, then a reset link by mail. */
export function ForgotPasswordFlow() {
  const i18n = useI18n();
  const { step, setStep, email, setEmail, otpId, sent, resend } = useEmailCode<"reset" | "success" | "link-sent">("PASSWORD_RESET");

  if (step === "email")
    return (
      <div>
        <EmailStep
          intro={i18n._("Enter the e-mail address of your account. We'll send you a code to reset your password.")}
          acceptPhone
          onSent={sent}
          extra={(value, setError) => (
            <ResetLinkButton
              email={value}
              onError={setError}
              onSent={() => {
                setEmail(value);
                setStep("link-sent");
              }}
            />
          )}
        />
        <p className="mt-5 text-center text-sm text-slate-600">
          {i18n._("Remembered it?")} <SwitchLink to="login">{i18n._("Back to login")}</SwitchLink>
        </p>
      </div>
    );
  if (step === "otp") return <OtpStep email={email} otpId={otpId} onVerified={() => setStep("reset")} onResend={resend} />;
  if (step === "reset") return <ResetByCodeStep email={email} otpId={otpId} onDone={() => setStep("success")} />;
  return (
    <AuthSuccess title={step === "success" ? i18n._("Password reset successfully") : i18n._("Check your e-mail")}>
      {step === "link-sent" && (
        <p className="text-sm text-slate-600">
          <Trans
            id="If an account exists for <0>{email}</0>, we've sent a link to reset the password."
            values={{ email }}
            components={{ 0: <UserText /> }}
          />
        </p>
      )}
      <Button className="w-full" onClick={() => authPanel.open("login")}>
        {i18n._("Back to login")}
      </Button>
    </AuthSuccess>
  );
}
