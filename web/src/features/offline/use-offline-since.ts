import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useOnline } from "@web/hooks/use-online";
import { changeKeys } from "@web/lib/queries/query-keys";
import { storage, STORAGE_KEYS } from "@web/lib/storage";
import type { Changes } from "@worker/features/notifications/notifications.schema";

const keyOf = (eventId: string) => `${STORAGE_KEYS.offlineSince}:${eventId}`;

/**
 * The change-log seq this page knew when it went offline (remembered on the device, so an offline reload keeps it),
 * given back once it is online again: what changed after it is what changed while offline. Null otherwise; `done`
 * forgets it.
 */
export function useOfflineSince(eventId: string): { since: number | null; done: () => void } {
  const online = useOnline();
  const queryClient = useQueryClient();
  const [since, setSince] = useState<number | null>(null);
  useEffect(() => {
    const key = keyOf(eventId);
    if (!online) {
      const known = queryClient.getQueryData<Changes>(changeKeys.event(eventId))?.lastSeq;
      if (known !== undefined && storage.get<number>(key) === null) storage.set(key, known);
      return;
    }
    const remembered = storage.get<number>(key);
    if (remembered === null) return;
    storage.remove(key);
    setSince(remembered);
  }, [online, eventId, queryClient]);
  return { since, done: () => setSince(null) };
}
