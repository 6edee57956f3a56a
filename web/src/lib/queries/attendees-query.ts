import { queryOptions } from "@tanstack/react-query";
import { client, data } from "@web/lib/api-client";
import type { AttendeeView } from "@worker/features/rsvp/rsvp.schema";
import { rsvpKeys } from "./query-keys";

// Spec 2 §7: the RSVP list is fresh for 30 s; a live `rsvp.changed` makes it stale at once. The Guests and
// Documents tabs read this one cache, so either refreshes the other. Read `as` a guest (the view route's preview),
// it is the server's guest answer, kept under the list's key so that the same invalidations reach it.
export const attendeesQueryOptions = (eventId: string, as?: AttendeeView) =>
  queryOptions({
    queryKey: as ? [...rsvpKeys.list(eventId), as] : rsvpKeys.list(eventId),
    queryFn: () => data(client.api.rsvp.event[":eventId"].$get({ param: { eventId }, query: as ? { as } : {} })),
    staleTime: 30_000,
  });
