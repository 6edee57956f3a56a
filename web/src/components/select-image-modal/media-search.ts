import { queryOptions } from "@tanstack/react-query";
import { SEARCH_STALE_MS } from "@web/hooks/use-debounced-value";
import { client, data } from "@web/lib/api-client";
import { MEDIA_DEFAULT_LIMIT, type MEDIA_ORIENTATIONS } from "@worker/features/media/media.schema";

export type MediaOrientation = (typeof MEDIA_ORIENTATIONS)[number];

const mediaKeys = {
  search: (query: string, orientation: MediaOrientation, page: number) => ["media-search", query, orientation, page] as const,
};

/** One page of Unsplash and Pexels pictures for the image picker. */
export const mediaSearchQuery = (query: string, orientation: MediaOrientation, page = 1) =>
  queryOptions({
    queryKey: mediaKeys.search(query, orientation, page),
    queryFn: () =>
      data(client.api.v2.media.search.$get({ query: { query, page: String(page), limit: String(MEDIA_DEFAULT_LIMIT), orientation } })),
    enabled: query.trim().length > 0,
    staleTime: SEARCH_STALE_MS,
    retry: false,
  });
