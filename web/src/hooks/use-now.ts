import { useEffect, useState } from "react";

/** The time now, read again every `everyMs` (a minute by default): enough for 'what is on now' without re-rendering every second. */
export function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
