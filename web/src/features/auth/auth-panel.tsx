import { useState, type FormEvent } from "react";
import { Button } from "../../components/ui/button";
import { FormError, TextField } from "../../components/ui/field";
import { Modal } from "../../components/ui/modal";
import { ApiError, errorMessage, isNetworkError } from "../../lib/api-client";
import { authPanel, useAuthPanelMode, type AuthMode } from "../../lib/auth-panel";
import { RateLimitError } from "../../lib/rate-limit";
import { session } from "../../lib/session";
import { authApi, EMAIL_PATTERN, OTP_PATTERN, PASSWORD_MIN_LENGTH, PHONE_PATTERN } from "./api";
import { GoogleSignInButton } from "./components/google-sign-in-button";

const TITLES: Record<AuthMode, string> = {
  login: "Login",
  register: "Create your account",
  "forgot-password": "Reset your password",
};

export const AUTO_CLOSE_AFTER_SIGNUP_MS = 1000;

/** One panel, three modes: login, register (e-mail, OTP, details, success), forgot password (e-mail, OTP, reset, success). */
export function AuthPanel() {
  const mode = useAuthPanelMode();
  if (!mode) return null;
  return (
    <Modal title={TITLES[mode]} onClose={authPanel.close} size="sm">
      {mode === "login" && <LoginForm />}
      {mode === "register" && <RegisterFlow />}
      {mode === "forgot-password" && <ForgotPasswordFlow />}
    </Modal>
  );
}

/**
 * A failed call's message: the server's own explanation of a refused request (such as an existing
 * account) is shown as is; anything else (network, server fault) gets the spec's message for the step.
 */
function failure(error: unknown, specMessage: string) {
  if (isNetworkError(error)) return errorMessage(error);
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message) return error.message;
  return specMessage;
}

function useBusy() {
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };
  return [busy, run] as const;
}

function SwitchLink({ to, children }: { to: AuthMode; children: string }) {
  return (
    <button type="button" className="font-semibold text-brand-600 hover:text-brand-700" onClick={() => authPanel.open(to)}>
      {children}
    </button>
  );
}

// ── Login ───────────────────────────────────────────────────────────────────

function LoginForm() {
  const [emailOrPhone, setEmailOrPhone] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<{ emailOrPhone?: string; password?: string; form?: string }>({});
  const [busy, run] = useBusy();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const id = emailOrPhone.trim();
    const next: typeof errors = {};
    if (!id) next.emailOrPhone = "Email or phone is required";
    else if (!EMAIL_PATTERN.test(id) && !PHONE_PATTERN.test(id)) next.emailOrPhone = "Please enter a valid email address or 10-digit mobile number";
    if (!password) next.password = "Password is required";
    setErrors(next);
    if (Object.keys(next).length) return;
    void run(async () => {
      try {
        session.signIn(await authApi.signIn(id, password));
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
          label="Email or phone"
          autoComplete="username"
          autoFocus
          value={emailOrPhone}
          onChange={(e) => setEmailOrPhone(e.target.value)}
          error={errors.emailOrPhone}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
        />
        <div className="-mt-2 text-right text-sm">
          <SwitchLink to="forgot-password">Forgot password?</SwitchLink>
        </div>
        <FormError>{errors.form}</FormError>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Signing in..." : "Login"}
        </Button>
      </form>
      <GoogleSignInButton />
      <p className="mt-5 text-center text-sm text-slate-600">
        New to Experiences? <SwitchLink to="register">Create an account</SwitchLink>
      </p>
    </div>
  );
}

// ── Shared steps ──────────────────────────────────────────────────────────────

function EmailStep({
  intro,
  acceptPhone,
  onSent,
  extra,
}: {
  intro: string;
  acceptPhone?: boolean;
  onSent: (email: string, otpId: string) => void;
  extra?: (email: string, setError: (message: string) => void) => React.ReactNode;
}) {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, run] = useBusy();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = email.trim();
    if (!EMAIL_PATTERN.test(value) && !(acceptPhone && PHONE_PATTERN.test(value))) {
      setError("Please enter a valid email address");
      return;
    }
    setError(null);
    void run(async () => {
      try {
        const { id } = await authApi.sendOtp(value, acceptPhone ? "PASSWORD_RESET" : undefined);
        onSent(value, id);
      } catch (err) {
        setError(failure(err, "Failed to send OTP. Please try again."));
      }
    });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">{intro}</p>
      <TextField
        label="Email"
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
        {busy ? "Sending..." : "Send OTP"}
      </Button>
      {extra?.(email.trim(), setError)}
    </form>
  );
}

function OtpStep({ email, otpId, onVerified, onResend }: { email: string; otpId: string; onVerified: () => void; onResend: () => Promise<void> }) {
  const [otp, setOtp] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, run] = useBusy();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!OTP_PATTERN.test(otp)) {
      setError("Please enter a valid 6-digit OTP");
      return;
    }
    setError(null);
    void run(async () => {
      try {
        await authApi.verifyOtp(otpId, otp);
        onVerified();
      } catch (err) {
        setError(isNetworkError(err) ? errorMessage(err) : "Invalid OTP. Please try again.");
      }
    });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">
        We sent a 6-digit code to <strong className="text-slate-900">{email}</strong>. It is valid for 10 minutes.
      </p>
      <TextField
        label="Verification code"
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
        {busy ? "Verifying..." : "Verify"}
      </Button>
      <p className="text-center text-sm text-slate-600">
        Didn't get it?{" "}
        <button
          type="button"
          className="font-semibold text-brand-600 hover:text-brand-700"
          onClick={() =>
            void run(async () => {
              try {
                await onResend();
                setError(null);
              } catch (err) {
                setError(failure(err, "Failed to send OTP. Please try again."));
              }
            })
          }
        >
          Send a new code
        </button>
      </p>
    </form>
  );
}

function PasswordPair({
  password,
  confirm,
  setPassword,
  setConfirm,
  errors,
}: {
  password: string;
  confirm: string;
  setPassword: (v: string) => void;
  setConfirm: (v: string) => void;
  errors: { password?: string; confirm?: string };
}) {
  return (
    <>
      <TextField label="Password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} error={errors.password} />
      <TextField label="Confirm password" type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} error={errors.confirm} />
    </>
  );
}

function Success({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="space-y-4 py-4 text-center" role="status">
      <div className="mx-auto grid size-12 place-items-center rounded-full bg-emerald-100 text-2xl text-emerald-600">✓</div>
      <p className="text-lg font-semibold text-slate-900">{title}</p>
      {children}
    </div>
  );
}

// ── Register ──────────────────────────────────────────────────────────────────

function RegisterFlow() {
  const [step, setStep] = useState<"email" | "otp" | "details" | "success">("email");
  const [email, setEmail] = useState("");
  const [otpId, setOtpId] = useState("");

  if (step === "email")
    return (
      <div>
        <EmailStep
          intro="Enter your e-mail address and we'll send you a verification code."
          onSent={(value, id) => {
            setEmail(value);
            setOtpId(id);
            setStep("otp");
          }}
        />
        <GoogleSignInButton />
        <p className="mt-5 text-center text-sm text-slate-600">
          Already have an account? <SwitchLink to="login">Login</SwitchLink>
        </p>
      </div>
    );
  if (step === "otp")
    return (
      <OtpStep
        email={email}
        otpId={otpId}
        onVerified={() => setStep("details")}
        onResend={async () => setOtpId((await authApi.sendOtp(email)).id)}
      />
    );
  if (step === "details") return <DetailsStep email={email} otpId={otpId} onDone={() => setStep("success")} />;
  return <Success title="Your account is ready!">Welcome to Experiences. You're signed in.</Success>;
}

function DetailsStep({ email, otpId, onDone }: { email: string; otpId: string; onDone: () => void }) {
  const [form, setForm] = useState({ firstName: "", lastName: "", organisation: "", password: "", confirm: "" });
  const [errors, setErrors] = useState<Partial<Record<keyof typeof form | "form", string>>>({});
  const [busy, run] = useBusy();
  const set = (key: keyof typeof form) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined, form: undefined }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: typeof errors = {};
    if (!form.firstName.trim()) next.firstName = "First name is required";
    if (!form.lastName.trim()) next.lastName = "Last name is required";
    if (!form.password) next.password = "Password is required";
    else if (form.password.length < PASSWORD_MIN_LENGTH) next.password = "Password must be at least 8 characters long";
    else if (form.password !== form.confirm) next.confirm = "Passwords do not match";
    setErrors(next);
    if (Object.keys(next).length) return;
    void run(async () => {
      try {
        const answer = await authApi.signUp({
          emailId: email,
          password: form.password,
          firstName: form.firstName.trim(),
          lastName: form.lastName.trim(),
          organisation: form.organisation.trim() || undefined,
          id: otpId,
        });
        // Signed in at once; the panel closes a second later so the success can be seen.
        session.signIn(answer);
        onDone();
        setTimeout(authPanel.close, AUTO_CLOSE_AFTER_SIGNUP_MS);
      } catch (err) {
        setErrors({ form: failure(err, "Failed to create account. Please try again.") });
      }
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" autoComplete="given-name" autoFocus value={form.firstName} onChange={(e) => set("firstName")(e.target.value)} error={errors.firstName} />
        <TextField label="Last name" autoComplete="family-name" value={form.lastName} onChange={(e) => set("lastName")(e.target.value)} error={errors.lastName} />
      </div>
      <TextField label="Organisation (optional)" autoComplete="organization" value={form.organisation} onChange={(e) => set("organisation")(e.target.value)} />
      <PasswordPair
        password={form.password}
        confirm={form.confirm}
        setPassword={set("password")}
        setConfirm={set("confirm")}
        errors={{ password: errors.password, confirm: errors.confirm }}
      />
      <FormError>{errors.form}</FormError>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? "Creating account..." : "Create account"}
      </Button>
    </form>
  );
}

// ── Forgot password ───────────────────────────────────────────────────────────

/** "E-mail me a reset link instead": busy while sending; a click beyond the client's limit is ignored. */
function ResetLinkButton({ email, onError, onSent }: { email: string; onError: (message: string) => void; onSent: () => void }) {
  const [busy, run] = useBusy();
  return (
    <button
      type="button"
      disabled={busy}
      className="w-full text-center text-sm font-semibold text-brand-600 hover:text-brand-700 disabled:opacity-60"
      onClick={() =>
        run(async () => {
          if (!EMAIL_PATTERN.test(email)) return onError("Please enter a valid email address");
          try {
            await authApi.sendResetLink(email);
            onSent();
          } catch (err) {
            if (!(err instanceof RateLimitError)) onError(errorMessage(err));
          }
        })
      }
    >
      {busy ? "Sending link..." : "E-mail me a reset link instead"}
    </button>
  );
}

function ForgotPasswordFlow() {
  const [step, setStep] = useState<"email" | "otp" | "reset" | "success" | "link-sent">("email");
  const [email, setEmail] = useState("");
  const [otpId, setOtpId] = useState("");

  if (step === "email")
    return (
      <div>
        <EmailStep
          intro="Enter the e-mail address of your account. We'll send you a code to reset your password."
          acceptPhone
          onSent={(value, id) => {
            setEmail(value);
            setOtpId(id);
            setStep("otp");
          }}
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
          Remembered it? <SwitchLink to="login">Back to login</SwitchLink>
        </p>
      </div>
    );
  if (step === "otp")
    return (
      <OtpStep
        email={email}
        otpId={otpId}
        onVerified={() => setStep("reset")}
        onResend={async () => setOtpId((await authApi.sendOtp(email, "PASSWORD_RESET")).id)}
      />
    );
  if (step === "reset") return <ResetStep email={email} otpId={otpId} onDone={() => setStep("success")} />;
  return (
    <Success title={step === "success" ? "Password reset successfully" : "Check your e-mail"}>
      {step === "link-sent" && <p className="text-sm text-slate-600">If an account exists for {email}, we've sent a link to reset the password.</p>}
      <Button className="w-full" onClick={() => authPanel.open("login")}>
        Back to login
      </Button>
    </Success>
  );
}

function ResetStep({ email, otpId, onDone }: { email: string; otpId: string; onDone: () => void }) {
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
