import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { client, data } from "@web/lib/api-client";
import { i18n } from "@web/lib/i18n";
import { experienceKeys } from "@web/lib/queries/query-keys";

/** Manage mode: the days in a new order; 'Day order updated', or 'Failed to update day order'. */
export function useReorderDays(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (programIds: string[]) =>
      data(client.api.events[":eventId"].programs.reorder.$post({ param: { eventId }, json: { programIds } })),
    onSuccess: async () => {
      toast.success(i18n._("Day order updated"));
      await queryClient.invalidateQueries({ queryKey: experienceKeys.detail(eventId) });
    },
    onError: () => toast.error(i18n._("Failed to update day order")),
  });
}
