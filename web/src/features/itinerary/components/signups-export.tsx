import { ExportMenu } from "@web/components/export-menu/export-menu";
import { useI18n } from "@web/lib/i18n";
import { useExportSignups } from "../api/export-signups";
import type { ActivityRef } from "../api/update-activity";

/** The sign-up list's 'Export' menu (owner and hosts): who holds a place in the activity and who waits, as a CSV or Excel file. */
export function SignupsExport({ path }: { path: ActivityRef }) {
  const i18n = useI18n();
  const exporting = useExportSignups(path);
  return (
    <ExportMenu
      label={i18n._("Export sign-ups")}
      pendingLabel={i18n._("Exporting sign-ups…")}
      pending={exporting.isPending}
      onExport={(format) => exporting.mutate(format)}
    />
  );
}
