import { useMutation } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { client, errorMessage } from "@web/lib/api-client";
import { downloadFile } from "@web/lib/download-file";
import { i18n } from "@web/lib/i18n";
import type { Group } from "@worker/shared/attendee-groups";
import type { ExportFormat } from "@worker/shared/export-format";

/** What the Attendees tab shows: the file holds the same rows. */
export interface AttendeesShown {
  group: Group;
  search: string;
  tags: string[];
}

const EXPORT_FAILED = /*i18n*/ "Could not export the attendees. Please try again.";

/** 'Export' → CSV or Excel of the attendees shown (owner and hosts); a failure is told in a toast. */
export function useExportAttendees(eventId: string, shown: AttendeesShown) {
  return useMutation({
    mutationFn: (format: ExportFormat) =>
      downloadFile(
        client.api.rsvp.event[":eventId"].export.$get({
          param: { eventId },
          query: { format, group: shown.group, search: shown.search, tag: shown.tags },
        }),
        `attendees.${format}`,
      ),
    onError: (error) => toast.error(errorMessage(error, i18n._(EXPORT_FAILED))),
  });
}
