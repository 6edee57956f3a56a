import { queryOptions } from "@tanstack/react-query";
import { client, data } from "@web/lib/api-client";
import { checkinKeys } from "@web/lib/queries/query-keys";
import { readingSheet, sheetAnswered } from "../scanning/sheet-journal";

/**
 * The check-in sheet (owner and hosts): the public key, lists, attendees, check-ins and revocations. Live
 * `checkin.scanned` messages patch it in place; `checkin.changed` and `rsvp.changed` make it stale. A read that
 * answers late never takes back what the page learned since it was sent (scanning/sheet-journal.ts).
 */
export const sheetQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: checkinKeys.sheet(eventId),
    queryFn: () => readingSheet(eventId, () => data(client.api.events[":eventId"].checkin.list.$get({ param: { eventId } }))),
    structuralSharing: sheetAnswered,
  });
