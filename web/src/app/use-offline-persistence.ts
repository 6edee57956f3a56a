import { persistQueryClientRestore, persistQueryClientSubscribe } from "@tanstack/react-query-persist-client";
import { useEffect, useState } from "react";
import { forgetOtherUsers, offlinePersistOptions } from "@web/lib/offline-cache";
import { queryClient } from "@web/lib/query-client";

/**
 * Keeps the signed-in person's experiences for offline use (web/src/lib/offline-cache.ts): restores their cache from
 * IndexedDB, then writes it back as it changes. True while restoring, so no page renders before the kept itinerary
 * is there (an offline reload shows it, not a spinner that never ends). Another user's kept cache is dropped.
 */
export function useOfflinePersistence(guid: string | null): boolean {
  const [restoredFor, setRestoredFor] = useState<string | null>(null);
  useEffect(() => {
    if (!guid) return;
    let stopped = false;
    let unsubscribe: (() => void) | undefined;
    const options = { ...offlinePersistOptions(guid), queryClient };
    void forgetOtherUsers(guid).catch(() => undefined);
    void persistQueryClientRestore(options)
      .catch(() => undefined)
      .finally(() => {
        if (stopped) return;
        unsubscribe = persistQueryClientSubscribe(options);
        setRestoredFor(guid);
      });
    return () => {
      stopped = true;
      unsubscribe?.();
    };
  }, [guid]);
  return guid !== null && restoredFor !== guid;
}
