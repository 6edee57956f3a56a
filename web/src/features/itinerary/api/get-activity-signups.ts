import { queryOptions } from "@tanstack/react-query";
import { data } from "@web/lib/api-client";
import { itineraryKeys } from "./keys";
import { activityEndpoint, type ActivityRef } from "./update-activity";

/** Owner and hosts: who holds a place in the activity and who waits, in order. */
export const activitySignupsQueryOptions = (ref: ActivityRef) =>
  queryOptions({
    queryKey: itineraryKeys.signups(ref.activityId),
    queryFn: () => data(activityEndpoint.signups.$get({ param: ref })),
  });
