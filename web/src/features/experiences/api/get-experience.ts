import { queryOptions } from "@tanstack/react-query";
import { client, data } from "@web/lib/api-client";
import { experienceKeys } from "@web/lib/queries/query-keys";

// Spec 2 §9: the event is fresh for 2 s.
export const experienceQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: experienceKeys.detail(eventId),
    queryFn: () => data(client.api.events[":id"].$get({ param: { id: eventId } })),
    staleTime: 2000,
  });
