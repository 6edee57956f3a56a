import { useMutation, useQueryClient } from "@tanstack/react-query";
import { data } from "@web/lib/api-client";
import { experienceKeys } from "@web/lib/queries/query-keys";
import type { ExternalImageInput } from "@worker/shared/image-input.schema";
import { activityEndpoint, type ActivityRef } from "./update-activity";

/** An activity's picture from a searched photo or a link. Its messages are the image picker's. */
export function useLinkActivityImage({ eventId, dayId, activityId }: ActivityRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (image: ExternalImageInput) =>
      data(activityEndpoint.image.external.$post({ param: { eventId, dayId, activityId }, json: image })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: experienceKeys.detail(eventId) }),
  });
}
