import { queryOptions } from "@tanstack/react-query";
import { client, data } from "@web/lib/api-client";
import { eventKeys } from "@web/lib/queries/query-keys";

/** The experiences a profile's owner takes part in, as its reader may see them. */
export const profileEventsQueryOptions = (guid: string) =>
  queryOptions({
    queryKey: eventKeys.byProfile(guid),
    queryFn: () => data(client.api.events.$get({ query: { profile: guid } })),
  });
