import { useState } from "react";
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
export function ConfirmDialog({ title = "Please confirm", message, confirmLabel = "Delete", onConfirm, onClose }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal title={title} onClose={onClose} size="sm">
      <p className="text-slate-700">{message}</p>
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
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
          {busy ? "Working..." : confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
