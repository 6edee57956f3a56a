import { queryOptions } from "@tanstack/react-query";
import { SEARCH_STALE_MS } from "@web/hooks/use-debounced-value";
import { client, data } from "@web/lib/api-client";
import { SEARCH_MIN_LENGTH } from "@worker/features/search/search.schema";

// The places search behind PlaceInput (components/place-input/place-input.tsx); a place's words are in worker/shared/places.ts.

/** Places matching what was typed (2+ characters), or why there are none: places are not configured. */
export const placeSuggestionsQueryOptions = (input: string, enabled = true) =>
  queryOptions({
    queryKey: ["places", "autocomplete", input] as const,
    queryFn: () => data(client.api.places.autocomplete.$get({ query: { input } })),
    enabled: enabled && input.trim().length >= SEARCH_MIN_LENGTH,
    staleTime: SEARCH_STALE_MS,
    retry: false,
  });

/** A chosen suggestion as the place stored. */
export const placeQueryOptions = (placeId: string) =>
  queryOptions({
    queryKey: ["places", "details", placeId] as const,
    queryFn: () => data(client.api.places.details[":placeId"].$get({ param: { placeId } })),
    staleTime: Infinity,
    retry: false,
  });
