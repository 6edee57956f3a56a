import { useMutation, useQueryClient } from "@tanstack/react-query";
import { client, data } from "@web/lib/api-client";
import { experienceKeys } from "@web/lib/queries/query-keys";

const PAUSE_AFTER_EVENT_IMAGE_MS = 500;

/** Uploads a cover, then pauses briefly before the page reads the event again. */
export async function uploadExperienceImage(eventId: string, file: File) {
  const answer = await data(client.api.events[":id"].image.$post({ param: { id: eventId }, form: { file } }));
  await new Promise((resolve) => setTimeout(resolve, PAUSE_AFTER_EVENT_IMAGE_MS));
  return answer;
}

/** The cover image from a file. Its toasts are the image picker's, which reports every way of choosing. */
export function useUploadExperienceImage(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadExperienceImage(eventId, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: experienceKeys.detail(eventId) }),
  });
}
