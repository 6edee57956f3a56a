import { queryOptions } from "@tanstack/react-query";
import { client, data } from "@web/lib/api-client";
import { eventKeys } from "@web/lib/queries/query-keys";

/** The experiences the signed-in user owns, hosts or is a guest of. */
export const eventsQueryOptions = () =>
  queryOptions({
    queryKey: eventKeys.all,
    queryFn: () => data(client.api.events.$get({ query: {} })),
  });
