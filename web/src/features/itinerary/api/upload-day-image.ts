import { useMutation, useQueryClient } from "@tanstack/react-query";
import { client, data } from "@web/lib/api-client";
import { experienceKeys } from "@web/lib/queries/query-keys";

/** A day's picture from a file. Its toasts are the image picker's, which reports every way of choosing. */
export function useUploadDayImage(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ dayId, file }: { dayId: string; file: File }) =>
      data(client.api.events[":eventId"].programs[":dayId"].image.$post({ param: { eventId, dayId }, form: { file } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: experienceKeys.detail(eventId) }),
  });
}
