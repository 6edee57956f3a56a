import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { InferRequestType } from "hono/client";
import { toast } from "@web/components/ui/toast";
import { client, data, errorMessage } from "@web/lib/api-client";
import { i18n } from "@web/lib/i18n";
import { experienceKeys } from "@web/lib/queries/query-keys";

const day = client.api.events[":eventId"].programs[":dayId"];
export type DayChange = InferRequestType<typeof day.$put>["json"];

/** A day's name, subtitle or description, edited in place: 'Day updated successfully', or a toast with the reason. */
export function useUpdateDay(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ dayId, change }: { dayId: string; change: DayChange }) => data(day.$put({ param: { eventId, dayId }, json: change })),
    onSuccess: async () => {
      toast.success(i18n._("Day updated successfully"));
      await queryClient.invalidateQueries({ queryKey: experienceKeys.detail(eventId) });
    },
    onError: (error) => toast.error(errorMessage(error, i18n._("Failed to update day"))),
  });
}
