import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, client, data } from "@web/lib/api-client";
import { changeKeys } from "@web/lib/queries/query-keys";
import type { Changes } from "@worker/features/notifications/notifications.schema";

const changesKey = changeKeys.event;

/** 'What changed since you last looked' for the caller (participants only: anyone else is refused, and not asked again). */
export const changesQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: changesKey(eventId),
    queryFn: () => data(client.api.events[":eventId"].changes.$get({ param: { eventId }, query: {} })),
    retry: false,
  });

/** How often 'While you were offline' asks again when the network, just back, drops its first request (status 0). */
const RECONNECT_RETRIES = 3;

/**
 * The changes after `since` (a seq the page knew), whatever the caller's marker: 'While you were offline'. It is asked
 * the moment the browser says it is online, when a network coming back often drops the first request, and it is asked
 * only then: a request that never reached the server is tried again (after 1, 2 and 4 s), a refusal is not.
 */
export const changesSinceQueryOptions = (eventId: string, since: number) =>
  queryOptions({
    queryKey: [...changesKey(eventId), "since", since] as const,
    queryFn: () => data(client.api.events[":eventId"].changes.$get({ param: { eventId }, query: { since: String(since) } })),
    retry: (failures, error) => error instanceof ApiError && error.status === 0 && failures < RECONNECT_RETRIES,
  });

/** Moves the caller's marker to `seq`: the changes up to it are no longer new. */
export function useMarkSeen(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (seq: number) => data(client.api.events[":eventId"].changes.seen.$put({ param: { eventId }, json: { seq } })),
    onMutate: (seq) =>
      queryClient.setQueryData<Changes>(changesKey(eventId), (current) =>
        current
          ? { ...current, changes: current.changes.filter((change) => change.seq > seq), seenSeq: Math.max(seq, current.seenSeq ?? 0) }
          : current,
      ),
  });
}
