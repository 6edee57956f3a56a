import { useEventTab } from "../../lib/event-context";
import { useCurrentUser } from "../../lib/session";
import { GuestDocuments } from "./components/guest-documents";
import { HostDocuments } from "./components/host-documents";

/** Spec 2 §2 Documents tab: owner and hosts manage everyone's documents; a guest reads the common ones and their own. */
export function DocumentsTab() {
  const { event } = useEventTab();
  const user = useCurrentUser();
  if (event.isOwner || event.isHost) return <HostDocuments eventId={event.id} />;
  if (!user) return null;
  return <GuestDocuments eventId={event.id} guid={user.guid} />;
}
