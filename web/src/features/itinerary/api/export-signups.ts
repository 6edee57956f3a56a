import { useExportFile } from "@web/hooks/use-export-file";
import { activityEndpoint, type ActivityRef } from "./update-activity";

/** 'Export' → CSV or Excel of who holds a place in the activity and who waits (owner and hosts); a failure is told in a toast. */
export const useExportSignups = (ref: ActivityRef) =>
  useExportFile({
    request: (format) => activityEndpoint.signups.export.$get({ param: ref, query: { format } }),
    fallbackName: "sign-ups",
    failed: /*i18n*/ "Could not export the sign-ups. Please try again.",
  });
