import { useMutation, useQueryClient } from "@tanstack/react-query";
import { data } from "@web/lib/api-client";
import { experienceKeys } from "@web/lib/queries/query-keys";
import { activityEndpoint, type ActivityRef } from "./update-activity";

/** An activity's picture from a file. Its messages are the image picker's, which reports every way of choosing. */
export function useUploadActivityImage({ eventId, dayId, activityId }: ActivityRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => data(activityEndpoint.image.$post({ param: { eventId, dayId, activityId }, form: { file } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: experienceKeys.detail(eventId) }),
  });
}
