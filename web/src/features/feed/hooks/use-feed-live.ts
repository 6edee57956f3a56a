import { useQueryClient } from "@tanstack/react-query";
import { useLiveMessages } from "@web/hooks/use-live";
import { feedKeys, type FeedSource } from "@web/lib/queries/query-keys";
import type { FeedPost } from "@worker/features/feed/feed.schema";
import { isShown, patchPost, removePost } from "../api/feed-cache";
import { postQueryOptions } from "../api/get-post";
import { refreshPost } from "../api/refresh-post";

interface FeedLiveHandlers {
  /** A post made elsewhere, fetched once; the feed decides whether it shows at once or waits behind the pill. */
  onArrival: (post: FeedPost) => void;
  onRemoved: (postId: string) => void;
  /** The page was offline for a while and refetches the list, which brings whatever arrived meanwhile. */
  onCaughtUp: () => void;
}

/**
 * Applies the event's live feed messages where the posts are shown: counts change in place (a like never
 * refetches the list), a deleted post leaves, a new post is fetched alone. A changed comment count fetches
 * that post again for its latest three comments, unless this page already shows that count (its own comment).
 */
export function useFeedLive(eventId: string, source: FeedSource, { onArrival, onRemoved, onCaughtUp }: FeedLiveHandlers) {
  const queryClient = useQueryClient();
  useLiveMessages(eventId, (notice) => {
    switch (notice.type) {
      case "feed.posted":
        if (isShown(queryClient, eventId, notice.postId)) return;
        queryClient.fetchQuery(postQueryOptions(eventId, notice.postId, source)).then(onArrival, () => undefined);
        return;
      case "feed.deleted":
        removePost(queryClient, eventId, notice.postId);
        onRemoved(notice.postId);
        return;
      case "feed.moderated":
        // An organiser's page (the only one told): the post stays, marked hidden or shown again.
        void refreshPost(queryClient, eventId, notice.postId, source);
        return;
      case "feed.refreshed":
        // A post was hidden or restored, unnamed: the list is read again, so a guest's drops or regains it.
        void queryClient.invalidateQueries({ queryKey: feedKeys.lists(eventId) });
        return;
      case "like.changed":
        patchPost(queryClient, eventId, notice.postId, (post) => ({ ...post, likesCount: notice.likesCount }));
        return;
      case "comment.changed": {
        let changed = false;
        patchPost(queryClient, eventId, notice.postId, (post) => {
          changed ||= post.commentCount !== notice.commentCount;
          return { ...post, commentCount: notice.commentCount };
        });
        if (changed && isShown(queryClient, eventId, notice.postId)) void refreshPost(queryClient, eventId, notice.postId, source);
        return;
      }
      case "live.reconnected":
        onCaughtUp();
        return;
    }
  });
}
