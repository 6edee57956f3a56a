import { queryOptions } from "@tanstack/react-query";
import { client, data } from "@web/lib/api-client";
import { passKeys } from "./pass-keys";

/** The caller's pass while they attend (404 otherwise); a live `pass.changed` refetches it (an admission, a reissue). */
export const passQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: passKeys.mine(eventId),
    queryFn: () => data(client.api.events[":eventId"].pass.$get({ param: { eventId } })),
  });
