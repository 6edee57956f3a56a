import { useMutation } from "@tanstack/react-query";
import type { ClientResponse } from "hono/client";
import { toast } from "@web/components/ui/toast";
import { errorMessage } from "@web/lib/api-client";
import { downloadFile } from "@web/lib/download-file";
import { i18n } from "@web/lib/i18n";
import type { ExportFormat } from "@worker/shared/export-format";

interface ExportFile {
  /** The API call that makes the file in a format. */
  request: (format: ExportFormat) => Promise<ClientResponse<unknown, number, string>>;
  /** The file's name without its extension when the server gives none. */
  fallbackName: string;
  /** The toast's words (a catalog id) when the server's refusal has none. */
  failed: string;
}

/** 'Export' → a CSV or Excel file an organiser hands on, saved under the name the server gives; a failure is told in a toast. */
export function useExportFile({ request, fallbackName, failed }: ExportFile) {
  return useMutation({
    mutationFn: (format: ExportFormat) => downloadFile(request(format), `${fallbackName}.${format}`),
    onError: (error) => toast.error(errorMessage(error, i18n._(failed))),
  });
}
