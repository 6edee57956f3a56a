import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { client, data, errorMessage } from "@web/lib/api-client";
import { refreshPeople } from "./refresh-people";

/** PUT /api/events/{eventId}/waitlist/{rsvpId}/position: a waiting guest to another place in the queue (from 1). */
export function useMoveOnWaitlist(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rsvpId, position }: { rsvpId: string; position: number }) =>
      data(client.api.events[":eventId"].waitlist[":rsvpId"].position.$put({ param: { eventId, rsvpId }, json: { position } })),
    onSuccess: () => refreshPeople(queryClient, eventId),
    onError: (error) => toast.error(errorMessage(error)),
  });
}
