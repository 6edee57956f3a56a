import { queryOptions } from "@tanstack/react-query";
import { client, data } from "@web/lib/api-client";
import { itineraryKeys } from "./keys";

/** A chosen suggestion as the place an activity stores. */
export const placeQueryOptions = (placeId: string) =>
  queryOptions({
    queryKey: itineraryKeys.place(placeId),
    queryFn: () => data(client.api.places.details[":placeId"].$get({ param: { placeId } })),
    staleTime: Infinity,
    retry: false,
  });
