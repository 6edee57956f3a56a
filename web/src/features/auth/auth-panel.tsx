import { Modal } from "@web/components/ui/modal";
import { authPanel, useAuthPanelMode, type AuthMode } from "@web/lib/auth-panel";
import { useI18n } from "@web/lib/i18n";
import { CodeSignInFlow } from "./components/code-sign-in-flow";
import { ForgotPasswordFlow } from "./components/forgot-password-flow";
import { LoginForm } from "./components/login-form";
import { RegisterFlow } from "./components/register-flow";

const TITLES: Record<AuthMode, string> = {
  login: /*i18n*/ "Login",
  register: /*i18n*/ "Create your account",
  "forgot-password": /*i18n*/ "Reset your password",
  code: /*i18n*/ "Continue with your e-mail",
};

/**
 * One panel, four modes: login, register (e-mail, OTP, details, success), forgot password (e-mail, OTP, reset, success),
 * and the light path by e-mail code (name and e-mail, code).
 */
export function AuthPanel() {
  const i18n = useI18n();
  const mode = useAuthPanelMode();
  if (!mode) return null;
  return (
    <Modal title={i18n._(TITLES[mode])} onClose={authPanel.close} size="sm">
      {mode === "login" && <LoginForm />}
      {mode === "register" && <RegisterFlow />}
      {mode === "forgot-password" && <ForgotPasswordFlow />}
      {mode === "code" && <CodeSignInFlow />}
    </Modal>
  );
}
