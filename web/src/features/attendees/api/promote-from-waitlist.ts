import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { client, data, errorMessage } from "@web/lib/api-client";
import { i18n } from "@web/lib/i18n";
import { refreshPeople } from "./refresh-people";

/** POST /api/events/{eventId}/waitlist/{rsvpId}/promote: a place now; `overCapacity` once the organiser confirmed going over. */
export function usePromoteFromWaitlist(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rsvpId, overCapacity }: { rsvpId: string; overCapacity: boolean; name: string }) =>
      data(client.api.events[":eventId"].waitlist[":rsvpId"].promote.$post({ param: { eventId, rsvpId }, json: { overCapacity } })),
    onSuccess: async (_, { name }) => {
      toast.success(i18n._("{name} is going", { name }));
      await refreshPeople(queryClient, eventId);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}
