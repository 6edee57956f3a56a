import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { client, data, errorMessage } from "@web/lib/api-client";
import { i18n } from "@web/lib/i18n";
import { experienceKeys } from "@web/lib/queries/query-keys";

/** Manage mode: a new empty day after the last one; 'Day added successfully', or a toast with the reason (the one-year cap). */
export function useAddDay(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => data(client.api.events[":eventId"].programs.$post({ param: { eventId } })),
    onSuccess: async () => {
      toast.success(i18n._("Day added successfully"));
      await queryClient.invalidateQueries({ queryKey: experienceKeys.detail(eventId) });
    },
    onError: (error) => toast.error(errorMessage(error, i18n._("Failed to add day"))),
  });
}
