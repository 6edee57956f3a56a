import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { client, data, errorMessage } from "@web/lib/api-client";
import { i18n } from "@web/lib/i18n";
import { removePost } from "./feed-cache";

const POST_DELETED = /*i18n*/ "Post deleted";

/** Deletes a post (its author; the server also lets the owner and hosts): it leaves every list at once. */
export function useDeletePost(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) => data(client.api.feeds[":eventId"][":feedId"].$delete({ param: { eventId, feedId: postId } })),
    onSuccess: (_, postId) => {
      removePost(queryClient, eventId, postId);
      toast.success(i18n._(POST_DELETED));
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}
