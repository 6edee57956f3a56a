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
  return (
    <>
      <PasswordField label="Password" value={password} onValue={setPassword} error={errors.password} />
      <PasswordField label="Confirm password" value={confirm} onValue={setConfirm} error={errors.confirm} />
    </>
  );
}
