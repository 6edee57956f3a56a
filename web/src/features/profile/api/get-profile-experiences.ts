import { queryOptions } from "@tanstack/react-query";
import { client, data } from "@web/lib/api-client";
import { experienceKeys } from "@web/lib/queries/query-keys";

/** The experiences a profile's owner takes part in, as its reader may see them. */
export const profileExperiencesQueryOptions = (guid: string) =>
  queryOptions({
    queryKey: experienceKeys.byProfile(guid),
    queryFn: () => data(client.api.events.$get({ query: { profile: guid } })),
  });
