import { useState } from "react";
import { useI18n } from "@web/lib/i18n";
import { Button } from "./button";
import { Modal } from "./modal";

interface ConfirmDialogProps {
  title?: string;
  message: string;
  confirmLabel?: string;
  onConfirm: () => Promise<unknown> | void;
  onClose: () => void;
}

/** Asks before a destructive action; the confirm button shows progress until the action settles. */
export function ConfirmDialog({ title, message, confirmLabel, onConfirm, onClose }: ConfirmDialogProps) {
  const i18n = useI18n();
  const [busy, setBusy] = useState(false);
  return (
    <Modal title={title ?? i18n._("Please confirm")} onClose={onClose} size="sm">
      <p className="text-slate-700">{message}</p>
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          {i18n._("Cancel")}
        </Button>
        <Button
          variant="danger"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            try {
              await onConfirm();
            } finally {
              setBusy(false);
            }
          }}
        >
          {busy ? i18n._("Working...") : (confirmLabel ?? i18n._("Delete"))}
        </Button>
      </div>
    </Modal>
  );
}
