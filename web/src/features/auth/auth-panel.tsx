import { Modal } from "@web/components/ui/modal";
import { authPanel, useAuthPanelMode, type AuthMode } from "@web/lib/auth-panel";
import { ForgotPasswordFlow } from "./components/forgot-password-flow";
import { LoginForm } from "./components/login-form";
import { RegisterFlow } from "./components/register-flow";

const TITLES: Record<AuthMode, string> = {
  login: "Login",
  register: "Create your account",
  "forgot-password": "Reset your password",
};

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
