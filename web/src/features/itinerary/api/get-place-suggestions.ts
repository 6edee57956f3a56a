import { queryOptions } from "@tanstack/react-query";
import { SEARCH_MIN_LENGTH } from "@worker/features/search/search.schema";
import { client, data } from "@web/lib/api-client";
import { SEARCH_STALE_MS } from "@web/lib/search";
import { itineraryKeys } from "./keys";

/** Places matching what was typed (2+ characters), or why there are none: places are not configured. */
export const placeSuggestionsQueryOptions = (input: string, enabled = true) =>
  queryOptions({
    queryKey: itineraryKeys.placeSuggestions(input),
    queryFn: () => data(client.api.places.autocomplete.$get({ query: { input } })),
    enabled: enabled && input.trim().length >= SEARCH_MIN_LENGTH,
    staleTime: SEARCH_STALE_MS,
    retry: false,
  });
