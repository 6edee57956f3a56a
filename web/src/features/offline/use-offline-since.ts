import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { useOnline } from "@web/hooks/use-online";
import { changeKeys } from "@web/lib/queries/query-keys";
import { storage, STORAGE_KEYS } from "@web/lib/storage";
import type { Changes } from "@worker/features/notifications/notifications.schema";

const keyOf = (eventId: string) => `${STORAGE_KEYS.offlineSince}:${eventId}`;

/**
 * The change-log seq this page knew when it went offline (remembered on the device, so an offline reload keeps it),
 * given back once it is online again: what changed after it is what changed while offline. Null otherwise. The device
 * forgets it only once the server has answered (`answered`) or the person dismisses the panel (`done`): a page can
 * believe it is online before it is (a reload offline starts from navigator.onLine, which may still say online, and a
 * network just back drops requests), and the seq must outlive that first, failed try.
 */
export function useOfflineSince(eventId: string): { since: number | null; answered: () => void; done: () => void } {
  const online = useOnline();
  const queryClient = useQueryClient();
  const [since, setSince] = useState<number | null>(null);
  const key = keyOf(eventId);
  useEffect(() => {
    if (!online) {
      const known = queryClient.getQueryData<Changes>(changeKeys.event(eventId))?.lastSeq;
      if (known !== undefined && storage.get<number>(key) === null) storage.set(key, known);
      return;
    }
    const remembered = storage.get<number>(key);
    if (remembered !== null) setSince(remembered);
  }, [online, eventId, key, queryClient]);
  const answered = useCallback(() => storage.remove(key), [key]);
  const done = useCallback(() => {
    storage.remove(key);
    setSince(null);
  }, [key]);
  return { since, answered, done };
}
