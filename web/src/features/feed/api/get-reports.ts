import { queryOptions } from "@tanstack/react-query";
import { client, data } from "@web/lib/api-client";
import { feedKeys } from "@web/lib/queries/query-keys";

/** The organisers' 'Reported' list and who is muted; kept fresh by the live feed.reported. */
export const reportsQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: feedKeys.reports(eventId),
    queryFn: () => data(client.api.feeds[":eventId"].reports.$get({ param: { eventId } })),
  });
