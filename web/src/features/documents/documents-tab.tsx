import type { ComponentType } from "react";
import { useExperienceTab } from "@web/hooks/use-experience-tab";
import { useCurrentUser } from "@web/lib/session";
import type { FileActionsSlot } from "./components/document-card";
import { GuestDocuments } from "./components/guest-documents";
import { HostDocuments } from "./components/host-documents";

/** Offline use (features/offline), composed by the app's router: each file's 'Save for offline', and what this device keeps. */
interface OfflineSlots {
  fileActions?: FileActionsSlot;
  savedOnDevice?: ComponentType;
}

/**
 * Spec 2 §2 Documents tab: in manage mode the owner and hosts manage everyone's documents; a guest reads the
 * common ones and their own, and an organiser on the view route previews that page.
 */
export function DocumentsTab({ fileActions, savedOnDevice: SavedOnDevice }: OfflineSlots = {}) {
  const { event, canEdit } = useExperienceTab();
  const user = useCurrentUser();
  if (canEdit) return <HostDocuments eventId={event.id} />;
  if (!user) return null;
  return (
    <>
      <GuestDocuments eventId={event.id} own={event.isOwner || event.isHost ? null : user.guid} fileActions={fileActions} />
      {SavedOnDevice && <SavedOnDevice />}
    </>
  );
}
