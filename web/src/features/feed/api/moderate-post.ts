import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { client, data, errorMessage } from "@web/lib/api-client";
import { i18n } from "@web/lib/i18n";
import { feedKeys } from "@web/lib/queries/query-keys";
import { patchPost } from "./feed-cache";

const POST_HIDDEN = /*i18n*/ "Post hidden from guests";
const POST_RESTORED = /*i18n*/ "Post restored";

/**
 * Hides a post from guests or restores it (the owner and hosts). The 'Hidden from guests' mark changes at once; a
 * refusal puts it back; guests' pages drop or bring back the post when the live feed.refreshed has them read the feed again.
 */
export function useModeratePost(eventId: string) {
  const queryClient = useQueryClient();
  const mark = (postId: string, hidden: boolean) => patchPost(queryClient, eventId, postId, (post) => ({ ...post, hidden }));
  return useMutation({
    mutationFn: ({ postId, hidden }: { postId: string; hidden: boolean }) =>
      data(client.api.feeds[":eventId"][":feedId"].moderation.$put({ param: { eventId, feedId: postId }, json: { hidden } })),
    onMutate: ({ postId, hidden }) => mark(postId, hidden),
    onSuccess: (post, { hidden }) => {
      patchPost(queryClient, eventId, post.id, () => post);
      void queryClient.invalidateQueries({ queryKey: feedKeys.reports(eventId) });
      toast.success(i18n._(hidden ? POST_HIDDEN : POST_RESTORED));
    },
    onError: (error, { postId, hidden }) => {
      mark(postId, !hidden);
      toast.error(errorMessage(error));
    },
  });
}
