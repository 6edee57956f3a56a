import { infiniteQueryOptions } from "@tanstack/react-query";
import { client, data } from "@web/lib/api-client";
import { feedKeys, type FeedSource } from "@web/lib/queries/query-keys";
import { FEED_PAGE_SIZE, type FeedPage } from "@worker/features/feed/feed.schema";
import type { FeedPageParam } from "./feed-cache";

// Spec 2 §7 and §9: ten posts a page, fresh for 10 s.
const FEED_STALE_MS = 10_000;

function fetchPage(eventId: string, source: FeedSource, { before }: FeedPageParam) {
  const param = { eventId };
  const query = { page: "1", limit: String(FEED_PAGE_SIZE), ...(before ? { before } : {}) };
  return source === "api"
    ? data(client.api.feeds[":eventId"].$get({ param, query }))
    : data(client.oapi.feeds[":eventId"].$get({ param, query }));
}

/**
 * Where the next page starts: just before the oldest post shown. Posts are created strictly later than every
 * earlier post of their experience, so no two share a millisecond and `before` (at or before) misses nothing;
 * a post deleted from the pages already shown no longer shifts what comes next, as a page offset would.
 * With no post left on screen, the last page is read again under its own cursor.
 */
function nextPageParam(last: FeedPage, pages: FeedPage[]): FeedPageParam | undefined {
  if (last.totalPages <= 1) return undefined;
  const oldest = pages
    .flatMap((page) => page.feeds)
    .reduce<number | null>((min, post) => {
      const at = Date.parse(post.createdAt);
      return min === null || at < min ? at : min;
    }, null);
  if (oldest !== null) return { before: String(oldest - 1) };
  return last.cursor === null ? undefined : { before: last.cursor };
}

/** The feed, newest first, a page at a time; each later page asks for the posts before the oldest one shown. */
export const feedQueryOptions = (eventId: string, source: FeedSource) =>
  infiniteQueryOptions({
    queryKey: feedKeys.list(eventId, source),
    queryFn: ({ pageParam }) => fetchPage(eventId, source, pageParam),
    initialPageParam: {} as FeedPageParam,
    getNextPageParam: nextPageParam,
    staleTime: FEED_STALE_MS,
  });
