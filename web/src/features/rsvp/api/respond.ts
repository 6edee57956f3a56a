import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { RESPONSE_VALUES } from "@worker/features/rsvp/rsvp.schema";
import { toast } from "@web/components/ui/toast";
import { client, data, errorMessage } from "@web/lib/api-client";
import { eventKeys, rsvpKeys } from "@web/lib/query-keys";

export type RsvpAnswer = (typeof RESPONSE_VALUES)[number];

/**
 * Join (YES) or Decline (NO) from the RSVP header. The answer is the caller's new RSVP; the event is
 * refetched because joining can make the caller a guest (more tabs). A refusal shows the server's reason.
 */
export function useRespond(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: RsvpAnswer) => data(client.api.rsvp.respond[":eventId"].$put({ param: { eventId }, json: { status } })),
    // Not awaited: the answer itself is the new badge, and the download-app bar follows it at once.
    onSuccess: (rsvp) => {
      queryClient.setQueryData(rsvpKeys.self(eventId), { rsvp });
      void queryClient.invalidateQueries({ queryKey: eventKeys.detail(eventId) });
      void queryClient.invalidateQueries({ queryKey: rsvpKeys.list(eventId) });
    },
    onError: (error) => {
      toast.error(errorMessage(error));
      // The refusal may come from a status changed elsewhere (a host's action): show the current one.
      void queryClient.invalidateQueries({ queryKey: rsvpKeys.self(eventId) });
    },
  });
}
