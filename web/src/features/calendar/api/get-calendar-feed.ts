import { queryOptions } from "@tanstack/react-query";
import { client, data } from "@web/lib/api-client";
import { calendarKeys } from "./calendar-keys";

/** The caller's private feed URL, https and webcal://; the server makes it on the first call. */
export const calendarFeedQueryOptions = () =>
  queryOptions({
    queryKey: calendarKeys.feed(),
    queryFn: () => data(client.api.calendar.feed.$get()),
    // It changes only when the person resets it here.
    staleTime: Infinity,
  });
