import { useEffect, useRef, useState } from "react";
import { isNetworkError, refreshSession } from "@web/lib/api-client";
import { session } from "@web/lib/session";

export const TOKEN_REFRESH_MS = 870_000;
const TOKEN_STALE_MS = 900_000;

/**
 * Spec 1 §4: on load, refresh the token (spinner until done). A timeout or network failure proceeds
 * with no user, unless the device is offline (then the person stays, for their kept experiences); any other failure
 * clears the session. In the foreground the token is refreshed every
 * 14.5 minutes, and at once when the page comes back after it went stale; a network failure then keeps
 * the user signed in (the next call refreshes on its 401), so a blip never drops someone mid-session.
 */
export function useSessionBootstrap(): boolean {
  const [ready, setReady] = useState(false);
  const lastRefresh = useRef(0);

  useEffect(() => {
    let cancelled = false;
    const refresh = async (onLoad: boolean) => {
      if (!session.refreshToken()) {
        if (session.user()) session.clear();
        return;
      }
      try {
        await refreshSession();
        lastRefresh.current = Date.now();
      } catch (error) {
        if (!isNetworkError(error)) session.clear();
        // A device that is offline keeps its person: their kept experiences open (docs/offline.md). A server that
        // cannot be reached from a device that is online proceeds with no user, as spec 1 §4 says.
        else if (onLoad && navigator.onLine) session.hideUser();
      }
    };
    refresh(true).finally(() => !cancelled && setReady(true));

    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && session.refreshToken()) void refresh(false);
    }, TOKEN_REFRESH_MS);
    const onVisible = () => {
      if (document.visibilityState === "visible" && session.refreshToken() && Date.now() - lastRefresh.current > TOKEN_STALE_MS) {
        void refresh(false);
      }
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      cancelled = true;
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, []);

  return ready;
}
