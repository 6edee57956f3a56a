import { useI18n } from "@web/lib/i18n";
import { PasswordField } from "./password-field";

export function PasswordPair({
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
  const i18n = useI18n();
  return (
    <>
      <PasswordField label={i18n._("Password")} value={password} onValue={setPassword} error={errors.password} />
      <PasswordField label={i18n._("Confirm password")} value={confirm} onValue={setConfirm} error={errors.confirm} />
    </>
  );
}
