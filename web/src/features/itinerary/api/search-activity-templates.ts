import { infiniteQueryOptions } from "@tanstack/react-query";
import { SEARCH_STALE_MS } from "@web/hooks/use-debounced-value";
import { client, data } from "@web/lib/api-client";
import { SEARCH_DEFAULT_LIMIT, SEARCH_MIN_LENGTH } from "@worker/features/search/search.schema";
import { itineraryKeys } from "./keys";

/** Spec 2 §5: earlier activities matching 2+ characters, 5 a page. */
export const activityTemplatesQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: itineraryKeys.templateSearch(q, SEARCH_DEFAULT_LIMIT),
    queryFn: ({ pageParam }) =>
      data(client.api.search.activity.$get({ query: { q, p: String(pageParam), l: String(SEARCH_DEFAULT_LIMIT) } })),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.totalPages ? last.page + 1 : undefined),
    enabled: q.trim().length >= SEARCH_MIN_LENGTH,
    staleTime: SEARCH_STALE_MS,
    retry: false,
  });
