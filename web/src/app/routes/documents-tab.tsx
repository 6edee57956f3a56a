import { DocumentsTab } from "@web/features/documents/documents-tab";
import { SaveForOffline } from "@web/features/offline/save-for-offline";
import { SavedOnThisDevice } from "@web/features/offline/saved-on-this-device";

/** The Documents tab with 'Save for offline' under each file and what this device keeps (features/offline). */
export function DocumentsTabRoute() {
  return <DocumentsTab fileActions={SaveForOffline} savedOnDevice={SavedOnThisDevice} />;
}
