import { queryOptions } from "@tanstack/react-query";
import { client, data } from "../../../lib/api-client";
import { eventKeys } from "../../../lib/query-keys";

/** The experiences the signed-in user owns, hosts or is a guest of. */
export const eventsQueryOptions = () =>
  queryOptions({
    queryKey: eventKeys.all,
    queryFn: () => data(client.api.events.$get({ query: {} })),
  });
