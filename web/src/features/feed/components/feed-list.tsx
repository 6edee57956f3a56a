import { useInfiniteQuery } from "@tanstack/react-query";
import { useRef } from "react";
import { NeedsConnectionNote, waitsForNetwork } from "@web/components/ui/needs-connection-note";
import { Spinner } from "@web/components/ui/spinner";
import { useI18n } from "@web/lib/i18n";
import type { FeedSource } from "@web/lib/queries/query-keys";
import { FEED_MESSAGES, type FeedPost } from "@worker/features/feed/feed.schema";
import { feedQueryOptions } from "../api/get-feed";
import { useNearBottom } from "../hooks/use-near-bottom";
import type { FeedViewer } from "../viewer";
import { PostCard } from "./post-card";

const NOTICE = "rounded-2xl border border-slate-200 bg-white p-10 text-center text-slate-600";

/** The posts, newest first, a page at a time as the reader nears the bottom. */
export function FeedList({ eventId, source, viewer }: { eventId: string; source: FeedSource; viewer: FeedViewer }) {
  const i18n = useI18n();
  const feed = useInfiniteQuery(feedQueryOptions(eventId, source));
  const marker = useRef<HTMLDivElement>(null);
  const pages = feed.data?.pages ?? [];
  useNearBottom(
    marker,
    () => feed.hasNextPage && !feed.isFetchingNextPage && void feed.fetchNextPage(),
    feed.hasNextPage && !feed.isFetchingNextPage,
    pages.length,
  );

  if (waitsForNetwork(feed))
    return (
      <NeedsConnectionNote>
        {i18n._("The feed needs a connection: it is not kept on this device. It shows once you are back online.")}
      </NeedsConnectionNote>
    );
  if (feed.isPending)
    return (
      <div className="grid place-items-center py-12">
        <Spinner label={i18n._("Loading posts")} />
      </div>
    );
  if (feed.isError && pages.length === 0)
    return (
      <p role="alert" className={NOTICE}>
        {i18n._(FEED_MESSAGES.loadFailed)}
      </p>
    );

  // A post that moved between pages while they loaded is shown once.
  const seen = new Set<string>();
  const posts = pages.flatMap((page) => page.feeds).filter((post: FeedPost) => !seen.has(post.id) && Boolean(seen.add(post.id)));
  if (posts.length === 0) return <p className={NOTICE}>{i18n._(FEED_MESSAGES.empty)}</p>;

  return (
    <>
      <ul className="space-y-4" aria-label={i18n._("Posts")}>
        {posts.map((post) => (
          <li key={post.id}>
            <PostCard eventId={eventId} post={post} viewer={viewer} source={source} />
          </li>
        ))}
      </ul>
      <div ref={marker} aria-hidden className="h-px" />
      {feed.isFetchingNextPage && (
        <div className="grid place-items-center py-6">
          <Spinner label={i18n._("Loading more posts")} className="size-6" />
        </div>
      )}
      {feed.isFetchNextPageError && (
        <p role="alert" className="py-4 text-center text-sm text-rose-700">
          {i18n._(FEED_MESSAGES.loadFailed)}{" "}
          <button type="button" className="font-semibold underline" onClick={() => void feed.fetchNextPage()}>
            {i18n._("Try again")}
          </button>
        </p>
      )}
    </>
  );
}
