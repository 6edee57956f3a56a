import { queryOptions } from "@tanstack/react-query";
import { client, data } from "@web/lib/api-client";
import { experienceKeys } from "@web/lib/queries/query-keys";

/** The experiences the signed-in user owns, hosts or is a guest of. */
export const experiencesQueryOptions = () =>
  queryOptions({
    queryKey: experienceKeys.all,
    queryFn: () => data(client.api.events.$get({ query: {} })),
  });
