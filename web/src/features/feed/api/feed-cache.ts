import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import { feedKeys } from "@web/lib/queries/query-keys";
import type { FeedPage, FeedPost } from "@worker/features/feed/feed.schema";

export interface FeedPageParam {
  /** Epoch ms: only posts created at or before it (just before the oldest post shown). Absent for the first page. */
  before?: string;
}

export type FeedData = InfiniteData<FeedPage, FeedPageParam>;

// A live message or a mutation changes one post where it is shown: in every cached list of the event
// (signed in and open) and in its own cache. Nothing else is refetched.

const mapPosts = (data: FeedData | undefined, change: (post: FeedPost) => FeedPost | null): FeedData | undefined =>
  data && {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      feeds: page.feeds.flatMap((post) => {
        const next = change(post);
        return next ? [next] : [];
      }),
    })),
  };

/** Applies `change` to the post wherever it is cached. */
export function patchPost(queryClient: QueryClient, eventId: string, postId: string, change: (post: FeedPost) => FeedPost) {
  queryClient.setQueriesData<FeedData>({ queryKey: feedKeys.lists(eventId) }, (data) =>
    mapPosts(data, (post) => (post.id === postId ? change(post) : post)),
  );
  queryClient.setQueriesData<FeedPost>({ queryKey: feedKeys.post(eventId, postId) }, (post) => post && change(post));
}

/** Takes a deleted post out of every list. */
export function removePost(queryClient: QueryClient, eventId: string, postId: string) {
  queryClient.setQueriesData<FeedData>({ queryKey: feedKeys.lists(eventId) }, (data) =>
    mapPosts(data, (post) => (post.id === postId ? null : post)),
  );
  queryClient.removeQueries({ queryKey: feedKeys.post(eventId, postId) });
  queryClient.removeQueries({ queryKey: feedKeys.comments(eventId, postId) });
}

/**
 * Puts new posts at the top of every list, newest first, skipping any already shown. Later pages start
 * before the oldest post shown, so nothing repeats below.
 */
export function prependPosts(queryClient: QueryClient, eventId: string, posts: FeedPost[]) {
  queryClient.setQueriesData<FeedData>({ queryKey: feedKeys.lists(eventId) }, (data) => {
    const [first, ...rest] = data?.pages ?? [];
    if (!data || !first) return data;
    const shown = new Set(data.pages.flatMap((page) => page.feeds.map((post) => post.id)));
    const fresh = posts.filter((post) => !shown.has(post.id)).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    return fresh.length ? { ...data, pages: [{ ...first, feeds: [...fresh, ...first.feeds] }, ...rest] } : data;
  });
}

/** The post as a list shows it, else as fetched alone; undefined when neither holds it. */
export function cachedPost(queryClient: QueryClient, eventId: string, postId: string): FeedPost | undefined {
  for (const [, data] of queryClient.getQueriesData<FeedData>({ queryKey: feedKeys.lists(eventId) }))
    for (const page of data?.pages ?? []) for (const post of page.feeds) if (post.id === postId) return post;
  return queryClient.getQueriesData<FeedPost>({ queryKey: feedKeys.post(eventId, postId) }).find(([, post]) => post)?.[1];
}

/** Whether the post is in any cached list (an arrival the reader already has). */
export function isShown(queryClient: QueryClient, eventId: string, postId: string) {
  return queryClient
    .getQueriesData<FeedData>({ queryKey: feedKeys.lists(eventId) })
    .some(([, data]) => data?.pages.some((page) => page.feeds.some((post) => post.id === postId)));
}

/**
 * Puts a post back where it belongs by its time (a restored post): before the first post shown that is older. One
 * older than every post shown comes with a later page, or goes last when every page is already shown.
 */
export function insertPost(queryClient: QueryClient, eventId: string, post: FeedPost) {
  queryClient.setQueriesData<FeedData>({ queryKey: feedKeys.lists(eventId) }, (data) => {
    if (!data || data.pages.some((page) => page.feeds.some((shown) => shown.id === post.id))) return data;
    const older = (shown: FeedPost) => shown.createdAt <= post.createdAt;
    let index = data.pages.findIndex((page) => page.feeds.some(older));
    const last = data.pages.at(-1);
    if (index === -1 && last && data.pages.length >= last.totalPages) index = data.pages.length - 1;
    if (index === -1) return data;
    const pages = data.pages.map((page, i) => {
      if (i !== index) return page;
      const at = page.feeds.findIndex(older);
      return { ...page, feeds: at === -1 ? [...page.feeds, post] : [...page.feeds.slice(0, at), post, ...page.feeds.slice(at)] };
    });
    return { ...data, pages };
  });
}
