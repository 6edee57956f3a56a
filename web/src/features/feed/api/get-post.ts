import { queryOptions } from "@tanstack/react-query";
import { client, data } from "@web/lib/api-client";
import { feedKeys, type FeedSource } from "@web/lib/queries/query-keys";

// Spec 2 §9: a single post is fresh for 5 s.
const POST_STALE_MS = 5_000;

/** One post, as a live arrival or a changed comment count fetches it. */
export const postQueryOptions = (eventId: string, postId: string, source: FeedSource) =>
  queryOptions({
    queryKey: feedKeys.postFrom(eventId, postId, source),
    queryFn: () => {
      const param = { eventId, feedId: postId };
      return source === "api"
        ? data(client.api.feeds[":eventId"][":feedId"].$get({ param }))
        : data(client.oapi.feeds[":eventId"][":feedId"].$get({ param }));
    },
    staleTime: POST_STALE_MS,
  });
