import { useId, useRef, type ReactNode } from "react";
import { Button } from "@web/components/ui/button";
import { DropZone } from "@web/components/ui/drop-zone";
import { FileInput } from "@web/components/ui/file-input";
import { DOCUMENT_ACCEPT } from "@web/lib/document-files";
import { useI18n } from "@web/lib/i18n";
import { DOCUMENT_MAX_BYTES, DOCUMENT_MESSAGES } from "@worker/features/documents/documents.schema";

interface DocumentDropZoneProps {
  /** The dropped or chosen files, copied out of the picker, which is cleared so the same file can be chosen again. */
  onFiles: (files: File[]) => void;
  /** Turns the picker off; drops still arrive, for the caller to refuse while it is busy. */
  disabled?: boolean;
  /** Why the picker is off ('Needs a connection'): the button's title, and its description (hidden here). */
  disabledReason?: string;
  /** Shown under the button, such as the upload's status. */
  children?: ReactNode;
}

/** The 'Drop files here' area for documents (spec 2 §2, §5): drop JPEG, PNG or PDF files on it or choose them. */
export function DocumentDropZone({ onFiles, disabled = false, disabledReason, children }: DocumentDropZoneProps) {
  const i18n = useI18n();
  const input = useRef<HTMLInputElement>(null);
  const reasonId = useId();
  // A shared constant (NEEDS_CONNECTION) may arrive as its English source: worded here.
  const reason = disabled && disabledReason ? i18n._(disabledReason) : undefined;
  return (
    <DropZone onFiles={(files) => onFiles([...files])} testId="document-drop-zone" className="gap-2 py-5">
      <p className="text-sm font-medium text-slate-700">{i18n._(DOCUMENT_MESSAGES.dropFilesHere)}</p>
      <p className="text-xs text-slate-500">
        {i18n._("JPEG, PNG or PDF, up to {max} MB each, several at once", { max: DOCUMENT_MAX_BYTES / (1024 * 1024) })}
      </p>
      <Button
        variant="secondary"
        onClick={() => input.current?.click()}
        disabled={disabled}
        title={reason}
        aria-describedby={reason ? reasonId : undefined}
      >
        {i18n._("Choose files")}
      </Button>
      {reason && (
        <span id={reasonId} hidden>
          {reason}
        </span>
      )}
      <FileInput ref={input} multiple accept={DOCUMENT_ACCEPT} label={i18n._("Document files")} onFiles={onFiles} />
      {children}
    </DropZone>
  );
}
