import { useI18n } from "@web/lib/i18n";
import { useEmailCode } from "../hooks/use-email-code";
import { AuthSuccess } from "./auth-success";
import { EmailStep } from "./email-step";
import { GoogleSignInButton } from "./google-sign-in-button";
import { OtpStep } from "./otp-step";
import { RegisterDetailsStep } from "./register-details-step";
import { SwitchLink } from "./switch-link";

/** Spec 1 §2: e-mail, code, details, success. */
export function RegisterFlow() {
  const i18n = useI18n();
  const { step, setStep, email, otpId, sent, resend } = useEmailCode<"details" | "success">();

  if (step === "email")
    return (
      <div>
        <EmailStep intro={i18n._("Enter your e-mail address and we'll send you a verification code.")} onSent={sent} />
        <GoogleSignInButton />
        <p className="mt-5 text-center text-sm text-slate-600">
          {i18n._("Already have an account?")} <SwitchLink to="login">{i18n._("Login")}</SwitchLink>
        </p>
      </div>
    );
  if (step === "otp") return <OtpStep email={email} otpId={otpId} onVerified={() => setStep("details")} onResend={resend} />;
  if (step === "details") return <RegisterDetailsStep email={email} otpId={otpId} onDone={() => setStep("success")} />;
  return <AuthSuccess title={i18n._("Your account is ready!")}>{i18n._("Welcome to Experiences. You're signed in.")}</AuthSuccess>;
}
