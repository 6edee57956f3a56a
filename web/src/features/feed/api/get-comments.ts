import { queryOptions } from "@tanstack/react-query";
import { client, data } from "@web/lib/api-client";
import { feedKeys, type FeedSource } from "@web/lib/queries/query-keys";

/** Every comment of a post, oldest first: what 'View all N comments' opens. */
export const commentsQueryOptions = (eventId: string, postId: string, source: FeedSource) =>
  queryOptions({
    queryKey: feedKeys.commentsFrom(eventId, postId, source),
    queryFn: () => {
      const param = { eventId, feedId: postId };
      return source === "api"
        ? data(client.api.feeds[":eventId"][":feedId"].comment.$get({ param }))
        : data(client.oapi.feeds[":eventId"][":feedId"].comment.$get({ param }));
    },
  });
