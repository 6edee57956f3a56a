import { queryOptions } from "@tanstack/react-query";
import { client, data } from "@web/lib/api-client";
import { bulletinKeys } from "@web/lib/queries/query-keys";

/** The experience's bulletins, newest first; a live `bulletin.changed` makes them stale (hooks/use-live.ts). */
export const bulletinsQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: bulletinKeys.event(eventId),
    queryFn: () => data(client.api.bulletin[":eventId"].$get({ param: { eventId } })),
  });
