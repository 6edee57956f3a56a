import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { client, data, errorMessage } from "@web/lib/api-client";
import { i18n } from "@web/lib/i18n";
import { refreshPeople } from "./refresh-people";

/** 'Make host', by guid. */
export function useMakeHosts(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (users: string[]) => data(client.api.events[":eventId"].hosts.$post({ param: { eventId }, json: { users } })),
    onSuccess: async (_, users) => {
      toast.success(i18n._("{count, plural, one {# new host added} other {# new hosts added}}", { count: users.length }));
      await refreshPeople(queryClient, eventId);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}
