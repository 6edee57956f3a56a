import { infiniteQueryOptions } from "@tanstack/react-query";
import { client, data } from "@web/lib/api-client";
import { changeKeys } from "@web/lib/queries/query-keys";

/** The History panel's filters: a day's id and a person's guid, "" for all. */
export interface HistoryFilters {
  day: string;
  person: string;
}

/** Who changed what and when (owner and hosts), newest first, a page at a time. */
export const historyQueryOptions = (eventId: string, { day, person }: HistoryFilters) =>
  infiniteQueryOptions({
    queryKey: changeKeys.history(eventId, day, person),
    queryFn: ({ pageParam }) =>
      data(
        client.api.events[":eventId"].history.$get({
          param: { eventId },
          query: { ...(day ? { day } : {}), ...(person ? { person } : {}), ...(pageParam ? { cursor: String(pageParam) } : {}) },
        }),
      ),
    initialPageParam: 0,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
