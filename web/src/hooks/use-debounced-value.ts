import { useEffect, useState } from "react";

// Spec 2 §9: searches wait 500 ms after the last keystroke and stay fresh for 30 s.
export const SEARCH_DEBOUNCE_MS = 500;
export const SEARCH_STALE_MS = 30_000;

/** The value, once it has stopped changing for `ms`. */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}
