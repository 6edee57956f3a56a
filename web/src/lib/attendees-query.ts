import { queryOptions } from "@tanstack/react-query";
import type { Attendee } from "../../../worker/features/rsvp/rsvp.schema";
import { client, data } from "./api-client";
import { rsvpKeys } from "./query-keys";

// Spec 2 §7: the RSVP list is fresh for 30 s; a live `rsvp.changed` makes it stale at once. The Guests and
// Documents tabs read this one cache, so either refreshes the other.
export const attendeesQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: rsvpKeys.list(eventId),
    queryFn: () => data(client.api.rsvp.event[":eventId"].$get({ param: { eventId: encodeURIComponent(eventId) } })),
    staleTime: 30_000,
  });

/** The RSVP statuses that make someone a participant (the server's GUEST_STATUSES): the only rows a guest's list holds. */
export const PARTICIPANT_STATUSES: ReadonlySet<Attendee["status"]> = new Set(["YES", "MAYBE"]);
