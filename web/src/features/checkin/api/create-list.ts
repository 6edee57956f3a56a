import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { client, data } from "@web/lib/api-client";
import { i18n } from "@web/lib/i18n";
import { checkinKeys } from "@web/lib/queries/query-keys";
import type { ListBody } from "@worker/features/checkin/checkin.schema";

/** A new check-in list; the form shows a refusal itself, beside what was typed. */
export function useCreateList(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: ListBody) => data(client.api.events[":eventId"].checkin.lists.$post({ param: { eventId }, json })),
    onSuccess: async (list) => {
      toast.success(i18n._("List ''{name}'' added", { name: list.name }));
      await queryClient.invalidateQueries({ queryKey: checkinKeys.sheet(eventId) });
    },
  });
}
