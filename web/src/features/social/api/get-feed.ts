import { infiniteQueryOptions } from "@tanstack/react-query";
import { FEED_PAGE_SIZE } from "../../../../../worker/features/feed/feed.schema";
import { client, data } from "../../../lib/api-client";
import { feedKeys, type FeedSource } from "../../../lib/query-keys";
import type { FeedPageParam } from "./feed-cache";

// Spec 2 §7 and §9: ten posts a page, fresh for 10 s.
export const FEED_STALE_MS = 10_000;

function fetchPage(eventId: string, source: FeedSource, { page, before }: FeedPageParam) {
  const param = { eventId: encodeURIComponent(eventId) };
  const query = { page: String(page), limit: String(FEED_PAGE_SIZE), ...(before ? { before } : {}) };
  return source === "api" ? data(client.api.feeds[":eventId"].$get({ param, query })) : data(client.oapi.feeds[":eventId"].$get({ param, query }));
}

/** The feed, newest first, a page at a time; later pages pass the first page's cursor back as `before`. */
export const feedQueryOptions = (eventId: string, source: FeedSource) =>
  infiniteQueryOptions({
    queryKey: feedKeys.list(eventId, source),
    queryFn: ({ pageParam }) => fetchPage(eventId, source, pageParam),
    initialPageParam: { page: 1 } as FeedPageParam,
    getNextPageParam: (last, pages): FeedPageParam | undefined =>
      last.page < last.totalPages ? { page: last.page + 1, before: pages[0]?.cursor ?? undefined } : undefined,
    staleTime: FEED_STALE_MS,
  });
