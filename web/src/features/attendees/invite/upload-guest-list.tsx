import { useRef, useState } from "react";
import { Button } from "@web/components/ui/button";
import { DropZone } from "@web/components/ui/drop-zone";
import { FormError } from "@web/components/ui/field";
import { FileInput } from "@web/components/ui/file-input";
import { FileUploadIcon } from "@web/components/ui/icons";
import { Spinner } from "@web/components/ui/spinner";
import { UserText } from "@web/components/ui/user-text";
import { errorMessage } from "@web/lib/api-client";
import { i18n, useI18n } from "@web/lib/i18n";
import { Trans } from "@web/lib/trans";
import { INVITE_FILE_MAX_BYTES, INVITE_TEMPLATE_PATH, RSVP_MESSAGES } from "@worker/features/rsvp/rsvp.schema";
import type { useUploadGuestList } from "./api/upload-guest-list";
import { ImportReport } from "./import-report";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** Spec 2 §5 and §9, before anything is sent: the server decides again from the file's bytes. */
function guestListFileError(file: File): string | null {
  if (!file.name.toLowerCase().endsWith(".xlsx")) return i18n._(RSVP_MESSAGES.notExcel);
  if (file.size >= INVITE_FILE_MAX_BYTES) return i18n._(RSVP_MESSAGES.fileTooLarge);
  return null;
}

/** The Upload File tab: the template, a drop zone or file picker, then the import's per-row report. */
export function UploadGuestList({ upload, onDone }: { upload: ReturnType<typeof useUploadGuestList>; onDone: () => void }) {
  const i18n = useI18n();
  const input = useRef<HTMLInputElement>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const send = (file: File | undefined) => {
    if (!file || upload.isPending) return;
    upload.reset();
    const problem = guestListFileError(file);
    setRefusal(problem);
    if (!problem) upload.mutate(file);
  };

  if (upload.isPending) {
    return (
      <div className="flex h-full flex-col items-center justify-center gap-3 text-center" aria-live="polite">
        <Spinner label={i18n._("Uploading")} />
        <p className="text-sm text-slate-600">
          <Trans
            id="Inviting the guests in <0>{name}</0>…"
            values={{ name: upload.variables.name }}
            components={{ 0: <UserText className="font-medium break-all text-slate-900" /> }}
          />
        </p>
      </div>
    );
  }

  if (upload.data) {
    return (
      <div className="flex h-full flex-col gap-3">
        <ImportReport report={upload.data} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => upload.reset()}>
            {i18n._("Upload another file")}
          </Button>
          <Button onClick={onDone}>{i18n._("Done")}</Button>
        </div>
      </div>
    );
  }

  const error = refusal ?? (upload.error ? errorMessage(upload.error) : null);
  return (
    <div className="flex h-full flex-col gap-3">
      <p className="text-sm text-slate-600">
        {i18n._("One guest per row: e-mail (required), first name, last name and tags.")}{" "}
        <a href={INVITE_TEMPLATE_PATH} download className="font-medium whitespace-nowrap text-brand-700 underline hover:text-brand-800">
          {i18n._("Download the template")}
        </a>
      </p>
      <DropZone onFiles={(files) => send(files[0])} testId="guest-list-drop-zone" className="min-h-0 flex-1 justify-center gap-3 py-6">
        <FileUploadIcon />
        <p className="text-sm text-slate-600">{i18n._("Drag an Excel file (.xlsx) here, or")}</p>
        {/* Before the button, so the dialog's Tab trap ends on a control that takes focus. */}
        <FileInput ref={input} accept={`.xlsx,${XLSX_TYPE}`} label={i18n._("Guest list file")} onFiles={(files) => send(files[0])} />
        <Button onClick={() => input.current?.click()}>{i18n._("Choose file")}</Button>
        <p className="text-xs text-slate-500">{i18n._("Less than {size} MB", { size: INVITE_FILE_MAX_BYTES / (1024 * 1024) })}</p>
      </DropZone>
      <FormError>{error}</FormError>
    </div>
  );
}
