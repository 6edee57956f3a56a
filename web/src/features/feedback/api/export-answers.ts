import { useMutation } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { client, errorMessage } from "@web/lib/api-client";
import { downloadFile } from "@web/lib/download-file";
import { i18n } from "@web/lib/i18n";
import type { ExportFormat } from "@worker/shared/export-format";

const EXPORT_FAILED = /*i18n*/ "Could not export the answers. Please try again.";

/** 'Export' → CSV or Excel of a form's answers, one row per response (owner and hosts); a failure is told in a toast. */
export function useExportAnswers(eventId: string, formId: string) {
  return useMutation({
    mutationFn: (format: ExportFormat) =>
      downloadFile(
        client.api.events[":eventId"].form[":formId"].response.export.$get({ param: { eventId, formId }, query: { format } }),
        `feedback.${format}`,
      ),
    onError: (error) => toast.error(errorMessage(error, i18n._(EXPORT_FAILED))),
  });
}
