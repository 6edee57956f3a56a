import { useSyncExternalStore } from "react";
import { storage, STORAGE_KEYS } from "@web/lib/storage";
import { viewerTimeZone } from "@web/lib/viewer-time-zone";
import { canonicalTimeZone } from "@worker/shared/time-zone";

/** Whose clock times are shown on: the experience's ('Lisbon time') or the reader's own ('Your time'). */
export type TimeView = "venue" | "viewer";

const listeners = new Set<() => void>();
const read = (): TimeView => (storage.get<TimeView>(STORAGE_KEYS.timeView) === "viewer" ? "viewer" : "venue");

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab of the app changed it: this one follows.
  const onStorage = (event: StorageEvent) => event.key?.endsWith(STORAGE_KEYS.timeView) && listener();
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The reader's choice, remembered by this browser for every experience. */
export function setTimeView(view: TimeView) {
  storage.set(STORAGE_KEYS.timeView, view);
  for (const listener of listeners) listener();
}

export const useTimeView = () => useSyncExternalStore(subscribe, read, () => "venue" as const);

/** Whether the reader's clock is another one than the experience's: only then is there a choice to make. */
export const differsFromViewer = (zone: string, viewer = viewerTimeZone()) => (canonicalTimeZone(zone) ?? zone) !== viewer;

/**
 * The clock an experience's times are seen from: null for their own (each activity's zone), or the reader's zone when
 * they chose 'Your time' and it is another one than the experience's.
 */
export function useSeenFrom(experienceZone: string): string | null {
  const view = useTimeView();
  const viewer = viewerTimeZone();
  return view === "viewer" && differsFromViewer(experienceZone, viewer) ? viewer : null;
}
