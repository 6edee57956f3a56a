import { TextField } from "@web/components/ui/field";

/** A password input; a new password unless told otherwise, so password managers offer to save it. */
export function PasswordField({
  label,
  value,
  onValue,
  error,
  disabled,
  autoComplete = "new-password",
}: {
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string;
  disabled?: boolean;
  autoComplete?: "new-password" | "current-password";
}) {
  return (
    <TextField
      label={label}
      type="password"
      autoComplete={autoComplete}
      value={value}
      disabled={disabled}
      onChange={(e) => onValue(e.target.value)}
      error={error}
    />
  );
}
