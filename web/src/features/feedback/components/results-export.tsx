import { ExportMenu } from "@web/components/export-menu/export-menu";
import { useExportAnswers } from "../api/export-answers";

/** The results' 'Export' menu: every answer as a CSV or Excel file. */
export function ResultsExport({ eventId, formId }: { eventId: string; formId: string }) {
  const exporting = useExportAnswers(eventId, formId);
  return <ExportMenu what="answers" pending={exporting.isPending} onExport={(format) => exporting.mutate(format)} />;
}
