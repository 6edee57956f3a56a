import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { client, data, errorMessage } from "@web/lib/api-client";
import { i18n } from "@web/lib/i18n";
import { checkinKeys } from "@web/lib/queries/query-keys";

/** Deletes a list (never the whole-experience one), after the screen's confirmation. */
export function useDeleteList(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (listId: string) => data(client.api.events[":eventId"].checkin.lists[":listId"].$delete({ param: { eventId, listId } })),
    onSuccess: () => toast.success(i18n._("List deleted")),
    onError: (error) => toast.error(errorMessage(error, i18n._("The list could not be deleted"))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: checkinKeys.sheet(eventId) }),
  });
}
