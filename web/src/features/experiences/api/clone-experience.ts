import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { InferRequestType } from "hono/client";
import { toast } from "@web/components/ui/toast";
import { client, data } from "@web/lib/api-client";
import { i18n } from "@web/lib/i18n";
import { experienceKeys } from "@web/lib/queries/query-keys";

type CloneRequest = InferRequestType<(typeof client.api.events)[":id"]["clone"]["$post"]>["json"];
const cloneExperience = (eventId: string, request: CloneRequest) =>
  data(client.api.events[":id"].clone.$post({ param: { id: eventId }, json: request }));
export type ClonedExperience = Awaited<ReturnType<typeof cloneExperience>>;

/** The owner copies the experience to new dates: 'Event cloned successfully', or 'Failed to clone event'. */
export function useCloneExperience(
  eventId: string,
  { onSuccess, onError }: { onSuccess?: (created: ClonedExperience) => void; onError?: (error: Error) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CloneRequest) => cloneExperience(eventId, request),
    onSuccess: async (created) => {
      toast.success(i18n._("Event cloned successfully"));
      await queryClient.invalidateQueries({ queryKey: experienceKeys.all });
      onSuccess?.(created);
    },
    onError: (error) => {
      toast.error(i18n._("Failed to clone event"));
      onError?.(error);
    },
  });
}
