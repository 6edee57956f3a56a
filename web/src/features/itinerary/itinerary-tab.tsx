import { useEventTab } from "../../lib/event-context";
import { ItineraryEditor } from "./components/itinerary-editor";
import { ItineraryView } from "./components/itinerary-view";

/**
 * Owners and hosts edit the itinerary in place (adding activities and copying, deleting or reordering days
 * only in manage mode); everyone else reads it, and sees changes live.
 */
export function ItineraryTab() {
  const { event, manage, canEdit } = useEventTab();
  return canEdit ? <ItineraryEditor event={event} manage={manage} /> : <ItineraryView programs={event.programs} documentsEventId={event.isGuest ? event.id : undefined} />;
}
