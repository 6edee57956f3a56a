import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { client, data, errorMessage } from "@web/lib/api-client";
import { i18n } from "@web/lib/i18n";
import { bulletinKeys } from "@web/lib/queries/query-keys";
import { BULLETIN_MESSAGES, type Bulletin } from "@worker/features/bulletin/bulletin.schema";

/** Deletes a bulletin (owner or host); it leaves the list at once. */
export function useDeleteBulletin(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bulletinId: string) =>
      data(
        client.api.bulletin[":eventId"][":bulletinId"].$delete({
          param: { eventId, bulletinId },
        }),
      ),
    onSuccess: (_, bulletinId) => {
      queryClient.setQueryData<Bulletin[]>(bulletinKeys.event(eventId), (list) => list?.filter((b) => b.id !== bulletinId));
      toast.success(i18n._(BULLETIN_MESSAGES.deleted));
    },
    onError: (error) => {
      toast.error(errorMessage(error, i18n._(BULLETIN_MESSAGES.deleteFailed)));
      // It may be gone already (another host deleted it): the list is read again either way.
      void queryClient.invalidateQueries({ queryKey: bulletinKeys.event(eventId) });
    },
  });
}
