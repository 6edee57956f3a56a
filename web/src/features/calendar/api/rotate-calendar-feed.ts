import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { client, data, errorMessage } from "@web/lib/api-client";
import { i18n } from "@web/lib/i18n";
import { calendarKeys } from "./calendar-keys";

export const FEED_RESET = /*i18n*/ "New link made: the old one no longer works";

/** 'Reset the link': a new feed URL at once, the old one answering nothing from then on. */
export function useRotateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => data(client.api.calendar.feed.rotate.$post()),
    onSuccess: (feed) => {
      queryClient.setQueryData(calendarKeys.feed(), feed);
      toast.success(i18n._(FEED_RESET));
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}
