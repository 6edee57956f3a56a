import { queryOptions } from "@tanstack/react-query";
import { client, data } from "@web/lib/api-client";
import { experienceKeys } from "@web/lib/queries/query-keys";

// Spec 2 §7: the public itinerary is fresh for 10 s.
export const publicItineraryQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: experienceKeys.publicItinerary(eventId),
    // Revalidated on every fetch, so a live change is seen at once rather than after the browser's 10 s.
    queryFn: () => data(client.oapi.itinerary[":eventId"].$get({ param: { eventId } }, { init: { cache: "no-cache" } })),
    staleTime: 10_000,
  });
