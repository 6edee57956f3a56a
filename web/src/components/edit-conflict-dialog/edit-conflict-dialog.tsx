import { useState } from "react";
import { Button } from "@web/components/ui/button";
import { Modal } from "@web/components/ui/modal";
import { UserText } from "@web/components/ui/user-text";
import { useI18n } from "@web/lib/i18n";

/** One field both people changed: its label, and each value as the page shows it. */
export interface ConflictingField {
  label: string;
  theirs: string;
  mine: string;
}

interface EditConflictDialogProps {
  /** The server's words: '{name} changed this while you were editing'. */
  message: string;
  fields: ConflictingField[];
  /** Saves the editor's values again, over theirs. */
  onUseMine: () => Promise<unknown>;
  /** Keeps what is stored (the page shows it). */
  onKeepTheirs: () => void;
}

/** A save met someone else's change: their value next to the editor's, and the choice. Escape keeps theirs. */
export function EditConflictDialog({ message, fields, onUseMine, onKeepTheirs }: EditConflictDialogProps) {
  const i18n = useI18n();
  const empty = (value: string) => value || i18n._("(empty)");
  const [busy, setBusy] = useState(false);
  return (
    <Modal title={i18n._("Changed while you were editing")} onClose={onKeepTheirs} size="md">
      <p className="text-slate-700">{message}</p>
      <dl className="mt-4 space-y-3">
        {fields.map((field) => (
          <div key={field.label} className="rounded-lg border border-slate-200 p-3">
            <dt className="text-sm font-semibold text-slate-900">{field.label}</dt>
            <dd className="mt-1 grid gap-2 text-sm sm:grid-cols-2">
              <p className="min-w-0">
                <span className="block text-xs font-medium text-slate-500">{i18n._("Theirs")}</span>
                <UserText className="break-words whitespace-pre-line text-slate-800">{empty(field.theirs)}</UserText>
              </p>
              <p className="min-w-0">
                <span className="block text-xs font-medium text-slate-500">{i18n._("Yours")}</span>
                <UserText className="break-words whitespace-pre-line text-slate-800">{empty(field.mine)}</UserText>
              </p>
            </dd>
          </div>
        ))}
      </dl>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onKeepTheirs} disabled={busy}>
          {i18n._("Keep theirs")}
        </Button>
        <Button
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            try {
              await onUseMine();
            } finally {
              setBusy(false);
            }
          }}
        >
          {busy ? i18n._("Saving...") : i18n._("Use mine")}
        </Button>
      </div>
    </Modal>
  );
}
