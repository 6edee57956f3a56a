import type { QueryClient } from "@tanstack/react-query";
import { experienceKeys, rsvpKeys } from "@web/lib/queries/query-keys";

/** After a host action: the RSVP list and header, and the event (its hosts and guests) are read again. */
export const refreshPeople = (queryClient: QueryClient, eventId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: rsvpKeys.event(eventId) }),
    queryClient.invalidateQueries({ queryKey: experienceKeys.detail(eventId) }),
  ]);
