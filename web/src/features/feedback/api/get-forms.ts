import { queryOptions } from "@tanstack/react-query";
import { client, data } from "@web/lib/api-client";
import { feedbackKeys } from "@web/lib/queries/query-keys";

/** The experience's forms, drafts included (owner and hosts); a live `feedback.changed` makes them stale. */
export const formsQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: feedbackKeys.list(eventId),
    queryFn: () => data(client.api.events[":eventId"].form.$get({ param: { eventId } })),
  });
