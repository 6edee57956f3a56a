import { useOutletContext } from "react-router-dom";
import type { ExperienceDetail } from "@worker/features/experiences/experiences.schema";

/** What the event page hands to each of its tabs. */
export interface ExperienceTabContext {
  event: ExperienceDetail;
  /** Manage mode: the page was opened from /manage/… by an owner or host. */
  manage: boolean;
  canEdit: boolean;
}

export const useExperienceTab = () => useOutletContext<ExperienceTabContext>();
