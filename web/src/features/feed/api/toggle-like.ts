import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { client, data, errorMessage } from "@web/lib/api-client";
import { patchPost } from "./feed-cache";

interface LikeToggle {
  postId: string;
  /** Whether the caller likes it now, before the toggle. */
  liked: boolean;
}

/**
 * Like or unlike (the call toggles). The heart and the count change at once; a refusal puts them back
 * (relative to the count now, which live messages may have moved meanwhile); the answer is the truth.
 */
export function useToggleLike(eventId: string) {
  const queryClient = useQueryClient();
  const flip = (postId: string, liked: boolean) =>
    patchPost(queryClient, eventId, postId, (post) => ({
      ...post,
      selfLike: !liked,
      likesCount: Math.max(0, post.likesCount + (liked ? -1 : 1)),
    }));
  return useMutation({
    mutationFn: ({ postId }: LikeToggle) =>
      data(client.api.feeds[":eventId"][":feedId"].like.$post({ param: { eventId, feedId: postId } })),
    onMutate: ({ postId, liked }) => flip(postId, liked),
    onSuccess: ({ likesCount, selfLike }, { postId }) =>
      patchPost(queryClient, eventId, postId, (post) => ({ ...post, likesCount, selfLike })),
    onError: (error, { postId, liked }) => {
      flip(postId, !liked);
      toast.error(errorMessage(error));
    },
  });
}
