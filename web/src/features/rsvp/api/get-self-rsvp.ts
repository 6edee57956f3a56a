import { queryOptions } from "@tanstack/react-query";
import { client, data } from "@web/lib/api-client";
import { rsvpKeys } from "@web/lib/queries/query-keys";

/** The caller's own RSVP to the event, or `{ rsvp: null }`; a live `rsvp.changed` refetches it. */
export const selfRsvpQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: rsvpKeys.self(eventId),
    queryFn: () => data(client.api.rsvp.event.self[":eventId"].$get({ param: { eventId } })),
  });
