import { useOutletContext } from "react-router-dom";
import type { EventDetail } from "@worker/features/events/events.schema";

/** What the event page hands to each of its tabs. */
export interface EventTabContext {
  event: EventDetail;
  /** Manage mode: the page was opened from /manage/… by an owner or host. */
  manage: boolean;
  canEdit: boolean;
}

export const useEventTab = () => useOutletContext<EventTabContext>();
