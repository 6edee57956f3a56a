import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../components/ui/toast";
import { client, data, errorMessage } from "../../../lib/api-client";
import { refreshPost } from "./refresh-post";

/** Deletes the caller's own comment; the post's count and latest three are fetched again. */
export function useDeleteComment(eventId: string, postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) =>
      data(
        client.api.feeds[":eventId"][":feedId"].comment[":commentId"].$delete({
          param: { eventId: encodeURIComponent(eventId), feedId: encodeURIComponent(postId), commentId: encodeURIComponent(commentId) },
        }),
      ),
    onSuccess: () => refreshPost(queryClient, eventId, postId, "api"),
    onError: (error) => toast.error(errorMessage(error)),
  });
}
