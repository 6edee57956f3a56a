import { ExportMenu } from "@web/components/export-menu/export-menu";
import { useExportAttendees, type AttendeesShown } from "../api/export-attendees";

/** The Attendees tab's 'Export' menu (owner and hosts): the group, search and tags shown, as a CSV or Excel file. */
export function AttendeesExport({ eventId, shown }: { eventId: string; shown: AttendeesShown }) {
  const exporting = useExportAttendees(eventId, shown);
  return <ExportMenu what="attendees" pending={exporting.isPending} onExport={(format) => exporting.mutate(format)} />;
}
