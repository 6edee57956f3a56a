import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { client, data, errorMessage } from "@web/lib/api-client";
import { i18n } from "@web/lib/i18n";
import { feedKeys } from "@web/lib/queries/query-keys";
import type { Comment } from "@worker/features/feed/feed.schema";
import { patchPost } from "./feed-cache";
import { refreshPost } from "./refresh-post";

const COMMENT_HIDDEN = /*i18n*/ "Comment hidden from guests";
const COMMENT_RESTORED = /*i18n*/ "Comment restored";

/** Hides a comment from guests or restores it (the owner and hosts): marked at once, put back on a refusal. */
export function useModerateComment(eventId: string, postId: string) {
  const queryClient = useQueryClient();
  const mark = (commentId: string, hidden: boolean) => {
    const change = (comment: Comment) => (comment.id === commentId ? { ...comment, hidden } : comment);
    patchPost(queryClient, eventId, postId, (post) => ({ ...post, lastThreeComments: post.lastThreeComments.map(change) }));
    queryClient.setQueriesData<Comment[]>({ queryKey: feedKeys.comments(eventId, postId) }, (comments) => comments?.map(change));
  };
  return useMutation({
    mutationFn: ({ commentId, hidden }: { commentId: string; hidden: boolean }) =>
      data(
        client.api.feeds[":eventId"][":feedId"].comment[":commentId"].moderation.$put({
          param: { eventId, feedId: postId, commentId },
          json: { hidden },
        }),
      ),
    onMutate: ({ commentId, hidden }) => mark(commentId, hidden),
    onSuccess: (_, { hidden }) => {
      void refreshPost(queryClient, eventId, postId, "api");
      void queryClient.invalidateQueries({ queryKey: feedKeys.reports(eventId) });
      toast.success(i18n._(hidden ? COMMENT_HIDDEN : COMMENT_RESTORED));
    },
    onError: (error, { commentId, hidden }) => {
      mark(commentId, !hidden);
      toast.error(errorMessage(error));
    },
  });
}
