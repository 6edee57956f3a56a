import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { client, data, errorMessage } from "@web/lib/api-client";
import { i18n } from "@web/lib/i18n";
import { refreshPeople } from "./refresh-people";

type GroupsChange = { rsvps: string[]; add?: string[]; remove?: string[] };

/** 'Added to VIP' or 'Removed from VIP', for the ticked people (docs/programme.md). */
export function useSetAttendeeGroups(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: GroupsChange) => data(client.api.events[":eventId"]["attendee-groups"].$put({ param: { eventId }, json })),
    onSuccess: async (_, { add, remove }) => {
      toast.success(
        add?.length
          ? i18n._("Added to {group}", { group: add.join(", ") })
          : i18n._("Removed from {group}", { group: (remove ?? []).join(", ") }),
      );
      await refreshPeople(queryClient, eventId);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}
