import { Button } from "./button";

/**
 * The row that ends a dialog's form: Cancel, then the submit button, which is disabled and says what it is
 * doing while the form is sent.
 */
export function DialogFooter({
  onCancel,
  busy,
  label,
  busyLabel,
  disabled = false,
  lockCancel = false,
  className = "flex justify-end gap-3",
}: {
  onCancel: () => void;
  busy: boolean;
  label: string;
  busyLabel: string;
  /** Disables the submit button for another reason than being busy. */
  disabled?: boolean;
  /** Disables Cancel too while busy. */
  lockCancel?: boolean;
  /** The row's classes. */
  className?: string;
}) {
  return (
    <div className={className}>
      <Button variant="secondary" onClick={onCancel} disabled={lockCancel && busy}>
        Cancel
      </Button>
      <Button type="submit" disabled={disabled || busy}>
        {busy ? busyLabel : label}
      </Button>
    </div>
  );
}
