import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { client, data, errorMessage } from "@web/lib/api-client";
import { i18n } from "@web/lib/i18n";
import { refreshPeople } from "./refresh-people";

/** 'Remove as host', by guid: they stay on the list as attendees. */
export function useRemoveHosts(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (users: string[]) => data(client.api.events[":eventId"].hosts.$delete({ param: { eventId }, json: { users } })),
    onSuccess: async (_, users) => {
      toast.success(i18n._("{count, plural, one {# host removed as host} other {# hosts removed as host}}", { count: users.length }));
      await refreshPeople(queryClient, eventId);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}
