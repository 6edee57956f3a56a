import { useEventTab } from "../../lib/event-context";
import { ItineraryView } from "./components/itinerary-view";

export function ItineraryTab() {
  const { event } = useEventTab();
  return <ItineraryView programs={event.programs} />;
}
