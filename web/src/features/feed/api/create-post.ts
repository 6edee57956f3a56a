import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { client, data, errorMessage } from "@web/lib/api-client";
import { i18n } from "@web/lib/i18n";
import { FEED_MESSAGES } from "@worker/features/feed/feed.schema";
import { prependPosts } from "./feed-cache";
import { uploadFeedMedia } from "./upload-media";

export interface NewPost {
  title: string;
  file: File | null;
  /** Whole percentages of the file sent. */
  onProgress: (percent: number) => void;
}

/**
 * Posts to the feed: the file first (with progress), then the form naming it. The new post goes to the top
 * of the list at once; its live `feed.posted` then finds it already shown.
 */
export function useCreatePost(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ title, file, onProgress }: NewPost) => {
      const mediaId = file ? (await uploadFeedMedia(eventId, file, onProgress)).mediaId : undefined;
      const form = { title, ...(mediaId ? { mediaId } : {}) };
      return data(client.api.feeds[":eventId"].$post({ param: { eventId }, form }));
    },
    onSuccess: (post) => {
      prependPosts(queryClient, eventId, [post]);
      toast.success(i18n._(FEED_MESSAGES.posted));
    },
    onError: (error) => toast.error(errorMessage(error, i18n._(FEED_MESSAGES.postFailed))),
  });
}
