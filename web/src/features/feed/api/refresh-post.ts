import type { QueryClient } from "@tanstack/react-query";
import { ApiError } from "@web/lib/api-client";
import { feedKeys, type FeedSource } from "@web/lib/queries/query-keys";
import { insertPost, patchPost, removePost } from "./feed-cache";
import { postQueryOptions } from "./get-post";

/**
 * Fetches one post again (its comment count and latest three changed, or an organiser hid or restored it) and puts
 * it where it is shown, or back in its place (restored); an open full comment list is refetched too. A post that is
 * gone, or hidden from this reader, leaves the list.
 */
export async function refreshPost(queryClient: QueryClient, eventId: string, postId: string, source: FeedSource) {
  void queryClient.invalidateQueries({ queryKey: feedKeys.comments(eventId, postId) });
  try {
    const fresh = await queryClient.fetchQuery({ ...postQueryOptions(eventId, postId, source), staleTime: 0 });
    patchPost(queryClient, eventId, postId, () => fresh);
    insertPost(queryClient, eventId, fresh);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) removePost(queryClient, eventId, postId);
  }
}
