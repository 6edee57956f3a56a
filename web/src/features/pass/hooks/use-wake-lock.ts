import { useEffect } from "react";

/**
 * Keeps the screen on while the component is shown (Screen Wake Lock, where the browser has it): a pass held up at a
 * gate must not dim. The browser drops the lock when the page is hidden; it is asked for again when it is shown.
 */
export function useWakeLock() {
  useEffect(() => {
    if (!("wakeLock" in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    let done = false;
    const request = async () => {
      if (document.visibilityState !== "visible") return;
      try {
        const granted = await navigator.wakeLock.request("screen");
        if (done) await granted.release();
        else lock = granted;
      } catch {
        // Refused (battery saver, no user gesture yet): the pass still shows, the screen may dim.
      }
    };
    void request();
    const onVisibility = () => void request();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      done = true;
      document.removeEventListener("visibilitychange", onVisibility);
      void lock?.release();
    };
  }, []);
}
