import { useMutation, useQueryClient } from "@tanstack/react-query";
import { LATEST_COMMENTS } from "../../../../../worker/features/feed/feed.schema";
import { toast } from "../../../components/ui/toast";
import { client, data, errorMessage } from "../../../lib/api-client";
import { feedKeys } from "../../../lib/query-keys";
import { patchPost } from "./feed-cache";

/**
 * Comments on a post. The answer is the new comment: it joins the post's latest three and its count at once
 * (the live `comment.changed` that follows then finds the count already shown); an open full list refetches.
 */
export function useAddComment(eventId: string, postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (comment: string) =>
      data(
        client.api.feeds[":eventId"][":feedId"].comment.$post({
          param: { eventId: encodeURIComponent(eventId), feedId: encodeURIComponent(postId) },
          json: { comment },
        }),
      ),
    onSuccess: (comment) => {
      patchPost(queryClient, eventId, postId, (post) =>
        post.lastThreeComments.some((c) => c.id === comment.id)
          ? post
          : { ...post, commentCount: post.commentCount + 1, lastThreeComments: [...post.lastThreeComments, comment].slice(-LATEST_COMMENTS) },
      );
      void queryClient.invalidateQueries({ queryKey: feedKeys.comments(eventId, postId) });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}
