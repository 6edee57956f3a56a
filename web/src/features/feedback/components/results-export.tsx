import { ExportMenu } from "@web/components/export-menu/export-menu";
import { useI18n } from "@web/lib/i18n";
import { useExportAnswers } from "../api/export-answers";

/** The results' 'Export' menu: every answer as a CSV or Excel file. */
export function ResultsExport({ eventId, formId }: { eventId: string; formId: string }) {
  const i18n = useI18n();
  const exporting = useExportAnswers(eventId, formId);
  return (
    <ExportMenu
      label={i18n._("Export answers")}
      pendingLabel={i18n._("Exporting answers…")}
      pending={exporting.isPending}
      onExport={(format) => exporting.mutate(format)}
    />
  );
}
