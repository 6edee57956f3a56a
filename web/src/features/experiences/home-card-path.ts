import { scheduleStatus } from "@web/lib/dates";
import type { ExperienceListItem } from "@worker/features/experiences/experiences.schema";

/**
 * Where a card on Home leads: an organiser (owner or host) to the experience under Manage, as the Manage list does (spec 1's
 * routes); someone who only attends to the guest's view, `/experiences/{id}`, with no Manage breadcrumb.
 */
export const homeCardPath = (event: Pick<ExperienceListItem, "id" | "role" | "startTime" | "endTime">) =>
  event.role === "guest" ? `/experiences/${event.id}` : `/manage/experiences/${scheduleStatus(event.startTime, event.endTime)}/${event.id}`;
