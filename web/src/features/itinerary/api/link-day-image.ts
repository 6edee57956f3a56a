import { useMutation, useQueryClient } from "@tanstack/react-query";
import { client, data } from "@web/lib/api-client";
import { experienceKeys } from "@web/lib/queries/query-keys";
import type { ExternalImageInput } from "@worker/shared/image-input.schema";

/** A day's picture from a searched photo or a link. Its toasts are the image picker's. */
export function useLinkDayImage(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ dayId, image }: { dayId: string; image: ExternalImageInput }) =>
      data(client.api.events[":eventId"].programs[":dayId"].image.external.$post({ param: { eventId, dayId }, json: image })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: experienceKeys.detail(eventId) }),
  });
}
