import { useExportFile } from "@web/hooks/use-export-file";
import { client } from "@web/lib/api-client";

/** 'Export' → CSV or Excel of a form's answers, one row per response (owner and hosts); a failure is told in a toast. */
export const useExportAnswers = (eventId: string, formId: string) =>
  useExportFile({
    request: (format) =>
      client.api.events[":eventId"].form[":formId"].response.export.$get({ param: { eventId, formId }, query: { format } }),
    fallbackName: "feedback",
    failed: /*i18n*/ "Could not export the answers. Please try again.",
  });
