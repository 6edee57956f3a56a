import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { InferRequestType } from "hono/client";
import { toast } from "@web/components/ui/toast";
import { client, data } from "@web/lib/api-client";
import { editConflictOf } from "@web/lib/edit-conflict";
import { i18n } from "@web/lib/i18n";
import { experienceKeys } from "@web/lib/queries/query-keys";
import type { ActivityView } from "@worker/shared/itinerary.schema";

export const activityEndpoint = client.api.events[":eventId"].programs[":dayId"].activity[":activityId"];
export type ActivityChange = InferRequestType<typeof activityEndpoint.$put>["json"];

/** Where an activity lives: its experience, its day and its own id. */
export interface ActivityRef {
  eventId: string;
  dayId: string;
  activityId: string;
}

export const updateActivity = ({ eventId, dayId, activityId }: ActivityRef, change: ActivityChange) =>
  data(activityEndpoint.$put({ param: { eventId, dayId, activityId }, json: change }));

/**
 * Any field of an activity, edited in place: 'Activity updated successfully', or 'Failed to update activity'. A save that
 * met someone else's change (409 with `current`) is the editor's to show as a choice, not a failure.
 */
export function useUpdateActivity(activity: ActivityRef, { onSaved }: { onSaved?: (view: ActivityView) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    // One save after another, each built when its turn comes (a function), so its base is what the last one answered.
    scope: { id: `activity-${activity.activityId}` },
    mutationFn: (change: ActivityChange | (() => ActivityChange)) =>
      updateActivity(activity, typeof change === "function" ? change() : change),
    onSuccess: async (view) => {
      onSaved?.(view);
      toast.success(i18n._("Activity updated successfully"));
      await queryClient.invalidateQueries({ queryKey: experienceKeys.detail(activity.eventId) });
    },
    onError: (error) => {
      if (!editConflictOf(error)) toast.error(i18n._("Failed to update activity"));
    },
  });
}
