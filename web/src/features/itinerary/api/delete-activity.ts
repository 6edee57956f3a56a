import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { data } from "@web/lib/api-client";
import { i18n } from "@web/lib/i18n";
import { experienceKeys } from "@web/lib/queries/query-keys";
import { activityEndpoint, type ActivityRef } from "./update-activity";

/** 'Activity deleted successfully', or 'Failed to delete activity'. */
export function useDeleteActivity({ eventId, dayId, activityId }: ActivityRef, { onError }: { onError?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => data(activityEndpoint.$delete({ param: { eventId, dayId, activityId } })),
    onSuccess: async () => {
      toast.success(i18n._("Activity deleted successfully"));
      await queryClient.invalidateQueries({ queryKey: experienceKeys.detail(eventId) });
    },
    onError: () => {
      toast.error(i18n._("Failed to delete activity"));
      onError?.();
    },
  });
}
