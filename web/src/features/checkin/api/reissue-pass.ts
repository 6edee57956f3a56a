import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { client, data, errorMessage } from "@web/lib/api-client";
import { i18n } from "@web/lib/i18n";
import { checkinKeys } from "@web/lib/queries/query-keys";

/** A new pass for a guest (a screenshot of theirs went round): the old one is refused at every gate from now on. */
export function useReissuePass(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rsvpId }: { rsvpId: string; name: string }) =>
      data(client.api.events[":eventId"].checkin.passes[":rsvpId"].reissue.$post({ param: { eventId, rsvpId } })),
    onSuccess: async (_, { name }) => {
      toast.success(i18n._("New pass for {name}: the old one no longer works", { name }));
      await queryClient.invalidateQueries({ queryKey: checkinKeys.sheet(eventId) });
    },
    onError: (error) => toast.error(errorMessage(error, i18n._("The pass could not be reissued"))),
  });
}
