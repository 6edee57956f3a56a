import { useEffect, useRef, type RefObject } from "react";

/** Spec 2 §9: the next page loads when the reader is within 50 px of the bottom. */
export const INFINITE_SCROLL_THRESHOLD_PX = 50;

/**
 * Calls `onNear` while `marker` (placed after the list) is within the threshold of the viewport's bottom.
 * `generation` is what changes when a page arrives: the marker is observed afresh, so a page too short to
 * push it out of view asks for the next one too.
 */
export function useNearBottom(marker: RefObject<HTMLElement | null>, onNear: () => void, enabled: boolean, generation: number) {
  const callback = useRef(onNear);
  useEffect(() => {
    callback.current = onNear;
  });
  useEffect(() => {
    const node = marker.current;
    if (!enabled || !node) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && callback.current(), {
      rootMargin: `0px 0px ${INFINITE_SCROLL_THRESHOLD_PX}px 0px`,
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [marker, enabled, generation]);
}
