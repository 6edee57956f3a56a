import { useExportFile } from "@web/hooks/use-export-file";
import { client } from "@web/lib/api-client";
import type { Group } from "@worker/shared/attendee-groups";

/** What the Attendees tab shows: the file holds the same rows. */
export interface AttendeesShown {
  group: Group;
  search: string;
  tags: string[];
}

/** 'Export' → CSV or Excel of the attendees shown (owner and hosts); a failure is told in a toast. */
export const useExportAttendees = (eventId: string, shown: AttendeesShown) =>
  useExportFile({
    request: (format) =>
      client.api.rsvp.event[":eventId"].export.$get({
        param: { eventId },
        query: { format, group: shown.group, search: shown.search, tag: shown.tags },
      }),
    fallbackName: "attendees",
    failed: /*i18n*/ "Could not export the attendees. Please try again.",
  });
