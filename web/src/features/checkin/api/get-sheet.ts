import { queryOptions } from "@tanstack/react-query";
import { client, data } from "@web/lib/api-client";
import { checkinKeys } from "@web/lib/queries/query-keys";

/**
 * The check-in sheet (owner and hosts): the public key, lists, attendees, check-ins and revocations. Live
 * `checkin.scanned` messages patch it in place; `checkin.changed` and `rsvp.changed` make it stale.
 */
export const sheetQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: checkinKeys.sheet(eventId),
    queryFn: () => data(client.api.events[":eventId"].checkin.list.$get({ param: { eventId } })),
  });
