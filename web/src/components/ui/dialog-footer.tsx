import { useId } from "react";
import { useI18n } from "@web/lib/i18n";
import { Button } from "./button";

/**
 * The row that ends a dialog's form: Cancel, then the submit button, which is disabled and says what it is
 * doing while the form is sent. A `reason` (why it is disabled before the click) is written beside it and describes it.
 */
export function DialogFooter({
  onCancel,
  busy,
  label,
  busyLabel,
  disabled = false,
  reason = null,
  lockCancel = false,
  className = "flex justify-end gap-3",
}: {
  onCancel: () => void;
  busy: boolean;
  label: string;
  busyLabel: string;
  /** Disables the submit button for another reason than being busy. */
  disabled?: boolean;
  /** Why the submit button is disabled, shown beside it ('Description is required'). */
  reason?: string | null;
  /** Disables Cancel too while busy. */
  lockCancel?: boolean;
  /** The row's classes. */
  className?: string;
}) {
  const i18n = useI18n();
  const reasonId = useId();
  return (
    <div className={className}>
      {reason && (
        <p id={reasonId} className="me-auto self-center text-xs text-slate-600">
          {reason}
        </p>
      )}
      <Button variant="secondary" onClick={onCancel} disabled={lockCancel && busy}>
        {i18n._("Cancel")}
      </Button>
      <Button type="submit" disabled={disabled || Boolean(reason) || busy} aria-describedby={reason ? reasonId : undefined}>
        {busy ? busyLabel : label}
      </Button>
    </div>
  );
}
