import { queryOptions } from "@tanstack/react-query";
import { client, data } from "@web/lib/api-client";
import { feedbackKeys } from "@web/lib/queries/query-keys";

/** The published form a participant may answer (or none), and whether the caller has answered it. */
export const activeFormQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: feedbackKeys.active(eventId),
    queryFn: () => data(client.api.events[":eventId"].form.active.$get({ param: { eventId } })),
  });
