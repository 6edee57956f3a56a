import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useI18n } from "@web/lib/i18n";
import type { FeedSource } from "@web/lib/queries/query-keys";
import type { FeedPost } from "@worker/features/feed/feed.schema";
import { prependPosts } from "./api/feed-cache";
import { feedQueryOptions } from "./api/get-feed";
import { postQueryOptions } from "./api/get-post";
import { Composer } from "./components/composer";
import { FeedList } from "./components/feed-list";
import { NewPostsPill } from "./components/new-posts-pill";
import { FeedClock } from "./feed-clock";
import { useFeedLive } from "./hooks/use-feed-live";
import type { FeedViewer } from "./viewer";

/**
 * The composer (participants only) over the live list. A post made elsewhere shows at once while the top of
 * the list is on screen; once the reader has scrolled into the list it waits behind the 'N new posts' pill,
 * so nothing moves under their eyes. `timeZone` is the experience's: the clock a post's moment is told on.
 */
export function Feed({ eventId, source, viewer, timeZone }: { eventId: string; source: FeedSource; viewer: FeedViewer; timeZone: string }) {
  const i18n = useI18n();
  const queryClient = useQueryClient();
  const top = useRef<HTMLElement>(null);
  const [waiting, setWaiting] = useState<FeedPost[]>([]);
  // A waiting post may reach the list another way (the author's own post, a refetch): the pill counts the rest.
  const shown = useInfiniteQuery({
    ...feedQueryOptions(eventId, source),
    select: (data) => new Set(data.pages.flatMap((page) => page.feeds.map((post) => post.id))),
  }).data;
  const unseen = waiting.filter((post) => !shown?.has(post.id));

  const readingAtTop = () => (top.current?.getBoundingClientRect().top ?? 0) >= 0;
  useFeedLive(eventId, source, {
    onArrival: (post) => {
      if (readingAtTop()) prependPosts(queryClient, eventId, [post]);
      else setWaiting((now) => (now.some((p) => p.id === post.id) ? now : [post, ...now]));
    },
    onRemoved: (postId) => setWaiting((now) => now.filter((p) => p.id !== postId)),
    onCaughtUp: () => setWaiting([]),
  });

  const showWaiting = () => {
    // Their likes and comments may have changed while they waited: the post caches hold the latest.
    prependPosts(
      queryClient,
      eventId,
      unseen.map((post) => queryClient.getQueryData(postQueryOptions(eventId, post.id, source).queryKey) ?? post),
    );
    setWaiting([]);
    top.current?.scrollIntoView({ block: "start", behavior: "smooth" });
    top.current?.focus({ preventScroll: true });
  };

  return (
    <FeedClock value={timeZone}>
      {/* No spacing utilities on this container: the pill comes and goes without moving anything below it. */}
      <div>
        {viewer.kind === "participant" && (
          <div className="mb-4">
            <Composer eventId={eventId} />
          </div>
        )}
        <NewPostsPill count={unseen.length} onShow={showWaiting} />
        {/* A named region around the posts, so focus sent here after 'new posts' lands on them with a name to read. */}
        <section ref={top} tabIndex={-1} aria-label={i18n._("Newest posts")} className="scroll-mt-20 outline-none">
          <FeedList eventId={eventId} source={source} viewer={viewer} />
        </section>
      </div>
    </FeedClock>
  );
}
