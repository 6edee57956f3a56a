import { useMutation, useQueryClient } from "@tanstack/react-query";
import { client, data } from "@web/lib/api-client";
import { experienceKeys } from "@web/lib/queries/query-keys";
import type { ExternalImageInput } from "@worker/shared/image-input.schema";

/** The cover image from a searched photo or a link. Its toasts are the image picker's. */
export function useLinkExperienceImage(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (image: ExternalImageInput) => data(client.api.events[":id"].image.external.$post({ param: { id: eventId }, json: image })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: experienceKeys.detail(eventId) }),
  });
}
