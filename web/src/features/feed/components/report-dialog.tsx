import { useState } from "react";
import { DialogFooter } from "@web/components/ui/dialog-footer";
import { TextAreaField } from "@web/components/ui/field";
import { Modal } from "@web/components/ui/modal";
import { useI18n } from "@web/lib/i18n";
import { REPORT_REASON_MAX } from "@worker/features/feed/moderation.schema";
import { useReport, type ReportSubject } from "../api/report";

/**
 * Asks why a post or comment is reported, then sends it to the organisers. Focus starts in the reason and goes back
 * to the menu that opened it; Escape cancels. A refusal (already reported, muted, too many reports) keeps it open.
 */
export function ReportDialog({ eventId, subject, onClose }: { eventId: string; subject: ReportSubject; onClose: () => void }) {
  const i18n = useI18n();
  const [reason, setReason] = useState("");
  const report = useReport(eventId);
  const blank = reason.trim() === "";
  return (
    <Modal title={subject.commentId === undefined ? i18n._("Report post") : i18n._("Report comment")} onClose={onClose} size="sm">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (blank || report.isPending) return;
          report.mutate({ ...subject, reason: reason.trim() }, { onSuccess: onClose });
        }}
      >
        <p className="mb-3 text-sm text-slate-600">{i18n._("Only the owner and hosts see reports, with your name.")}</p>
        <TextAreaField
          label={i18n._("Why are you reporting this?")}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={REPORT_REASON_MAX}
          rows={3}
          autoFocus
          required
        />
        <DialogFooter
          onCancel={onClose}
          busy={report.isPending}
          label={i18n._("Send report")}
          busyLabel={i18n._("Sending...")}
          disabled={blank}
          lockCancel
          className="mt-6 flex justify-end gap-3"
        />
      </form>
    </Modal>
  );
}
