import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { client, data, errorMessage } from "@web/lib/api-client";
import { i18n } from "@web/lib/i18n";
import { refreshPeople } from "./refresh-people";

/** 'Remove attendee': their RSVPs become HOST_REMOVED ('Host Declined'), by guid. */
export function useRemoveAttendees(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (users: string[]) => data(client.api.events[":eventId"].guests.$delete({ param: { eventId }, json: { users } })),
    onSuccess: async (_, users) => {
      toast.success(i18n._("{count, plural, one {# attendee removed} other {# attendees removed}}", { count: users.length }));
      await refreshPeople(queryClient, eventId);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}
