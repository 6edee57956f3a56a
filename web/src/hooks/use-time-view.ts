import { useSyncExternalStore } from "react";
import { useParams } from "react-router-dom";
import { storage, STORAGE_KEYS } from "@web/lib/storage";
import { viewerTimeZone } from "@web/lib/viewer-time-zone";
import { canonicalTimeZone } from "@worker/shared/time-zone";

/** Whose clock times are shown on: the experience's ('Lisbon time') or the reader's own ('Your time'). */
export type TimeView = "venue" | "viewer";

/** The choices by experience id ('' outside an experience's page). An older single choice (a string) is not read. */
type Choices = Record<string, TimeView>;
const choices = (): Choices => {
  const stored = storage.get<unknown>(STORAGE_KEYS.timeView);
  return stored !== null && typeof stored === "object" ? (stored as Choices) : {};
};

const listeners = new Set<() => void>();
const read = (eventId: string): TimeView => (choices()[eventId] === "viewer" ? "viewer" : "venue");

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

/**
 * The reader's choice for one experience (`eventId`, the page's), remembered by this browser: 'Your time' on a trip abroad
 * says nothing about the next one, so each experience starts on its own clock.
 */
export function setTimeView(view: TimeView, eventId = "") {
  storage.set(STORAGE_KEYS.timeView, { ...choices(), [eventId]: view });
  for (const listener of listeners) listener();
}

/** The experience whose page this is (the route's `eventId`), whose choice is read and written. */
export const useTimeViewEvent = () => useParams().eventId ?? "";

export const useTimeView = () => {
  const eventId = useTimeViewEvent();
  return useSyncExternalStore(
    subscribe,
    () => read(eventId),
    () => "venue" as const,
  );
};

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
