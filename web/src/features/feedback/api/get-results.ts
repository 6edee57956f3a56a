import { queryOptions } from "@tanstack/react-query";
import { client, data } from "@web/lib/api-client";
import { feedbackKeys } from "@web/lib/queries/query-keys";

/** A form's results (owner and hosts): averages per rating question and the open answers. */
export const resultsQueryOptions = (eventId: string, formId: string) =>
  queryOptions({
    queryKey: feedbackKeys.results(eventId, formId),
    queryFn: () => data(client.api.events[":eventId"].form[":formId"].response.$get({ param: { eventId, formId } })),
  });
