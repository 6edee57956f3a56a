import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { client, data } from "@web/lib/api-client";
import { i18n } from "@web/lib/i18n";
import { experienceKeys } from "@web/lib/queries/query-keys";

/** The owner deletes the experience: 'Event deleted successfully', or 'Failed to delete event'. */
export function useDeleteExperience(eventId: string, { onSuccess, onError }: { onSuccess?: () => void; onError?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => data(client.api.events[":id"].$delete({ param: { id: eventId } })),
    onSuccess: async () => {
      toast.success(i18n._("Event deleted successfully"));
      queryClient.removeQueries({ queryKey: experienceKeys.detail(eventId) });
      await queryClient.invalidateQueries({ queryKey: experienceKeys.all });
      onSuccess?.();
    },
    onError: () => {
      toast.error(i18n._("Failed to delete event"));
      onError?.();
    },
  });
}
