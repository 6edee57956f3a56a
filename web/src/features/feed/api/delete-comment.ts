import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { client, data, errorMessage } from "@web/lib/api-client";
import { refreshPost } from "./refresh-post";

/** Deletes the caller's own comment; the post's count and latest three are fetched again. */
export function useDeleteComment(eventId: string, postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) =>
      data(
        client.api.feeds[":eventId"][":feedId"].comment[":commentId"].$delete({
          param: { eventId, feedId: postId, commentId },
        }),
      ),
    onSuccess: () => refreshPost(queryClient, eventId, postId, "api"),
    onError: (error) => toast.error(errorMessage(error)),
  });
}
