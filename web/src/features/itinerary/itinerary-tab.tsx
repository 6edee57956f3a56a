import { useEventTab } from "../../lib/event-context";
import { ItineraryEditor } from "./components/itinerary-editor";
import { ItineraryView } from "./components/itinerary-view";

/** Organisers in manage mode edit the itinerary in place; everyone else reads it (and sees changes live). */
export function ItineraryTab() {
  const { event, canEdit } = useEventTab();
  return canEdit ? <ItineraryEditor event={event} /> : <ItineraryView programs={event.programs} />;
}
