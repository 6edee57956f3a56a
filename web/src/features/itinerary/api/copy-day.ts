import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { client, data } from "@web/lib/api-client";
import { i18n } from "@web/lib/i18n";
import { experienceKeys } from "@web/lib/queries/query-keys";

/** Manage mode: 'Day copied successfully', or 'Failed to copy day'. */
export function useCopyDay(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dayId: string) => data(client.api.events[":eventId"].programs[":dayId"].clone.$post({ param: { eventId, dayId } })),
    onSuccess: async () => {
      toast.success(i18n._("Day copied successfully"));
      await queryClient.invalidateQueries({ queryKey: experienceKeys.detail(eventId) });
    },
    onError: () => toast.error(i18n._("Failed to copy day")),
  });
}
