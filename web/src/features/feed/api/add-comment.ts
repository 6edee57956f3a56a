import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { client, data, errorMessage } from "@web/lib/api-client";
import { feedKeys, type FeedSource } from "@web/lib/queries/query-keys";
import { LATEST_COMMENTS } from "@worker/features/feed/feed.schema";
import { cachedPost, patchPost } from "./feed-cache";
import { refreshPost } from "./refresh-post";

/**
 * Comments on a post. The answer is the new comment: it joins the post's latest three at once, and the count
 * becomes at least the one shown when it was sent plus one, so a live `comment.changed` that already counted
 * it is not counted again. When a live count arrived while it was sent, the post is read again for the
 * count that settles it; an open full list refetches.
 */
export function useAddComment(eventId: string, postId: string, source: FeedSource) {
  const queryClient = useQueryClient();
  return useMutation({
    onMutate: () => ({ countWhenSent: cachedPost(queryClient, eventId, postId)?.commentCount }),
    mutationFn: (comment: string) =>
      data(
        client.api.feeds[":eventId"][":feedId"].comment.$post({
          param: { eventId, feedId: postId },
          json: { comment },
        }),
      ),
    onSuccess: (comment, _text, { countWhenSent }) => {
      let crossed = false;
      patchPost(queryClient, eventId, postId, (post) => {
        if (post.lastThreeComments.some((c) => c.id === comment.id)) return post;
        const before = countWhenSent ?? post.commentCount;
        crossed ||= post.commentCount !== before;
        return {
          ...post,
          commentCount: Math.max(post.commentCount, before + 1),
          lastThreeComments: [...post.lastThreeComments, comment].slice(-LATEST_COMMENTS),
        };
      });
      if (crossed) void refreshPost(queryClient, eventId, postId, source);
      else void queryClient.invalidateQueries({ queryKey: feedKeys.comments(eventId, postId) });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}
