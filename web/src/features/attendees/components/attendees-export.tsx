import { ExportMenu } from "@web/components/export-menu/export-menu";
import { useI18n } from "@web/lib/i18n";
import { useExportAttendees, type AttendeesShown } from "../api/export-attendees";

/** The Attendees tab's 'Export' menu (owner and hosts): the group, search and tags shown, as a CSV or Excel file. */
export function AttendeesExport({ eventId, shown }: { eventId: string; shown: AttendeesShown }) {
  const i18n = useI18n();
  const exporting = useExportAttendees(eventId, shown);
  return (
    <ExportMenu
      label={i18n._("Export attendees")}
      pendingLabel={i18n._("Exporting attendees…")}
      pending={exporting.isPending}
      onExport={(format) => exporting.mutate(format)}
    />
  );
}
