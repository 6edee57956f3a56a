import { useEffect, useSyncExternalStore } from "react";
import { useCurrentUser } from "@web/lib/session";
import type { EditingMessage, PresenceMessage, PresentOrganiser } from "@worker/live/protocol";

// Who is on an event's page now, as its room last said (docs/presence.md), and what this page's organiser edits. The
// event's live socket (useExperienceLive) feeds the first and carries the second.

const latest = new Map<string, PresenceMessage>();
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/** The room's latest presence for the event; `null` forgets it (the page's socket closed: it may be stale). */
export function presenceHeard(eventId: string, message: PresenceMessage | null) {
  if (message) latest.set(eventId, message);
  else latest.delete(eventId);
  changed();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Who is here now, or null until the room has said (or while the page has no socket). */
export function usePresence(eventId: string): PresenceMessage | null {
  return useSyncExternalStore(subscribe, () => latest.get(eventId) ?? null);
}

/** The other organisers on the page now (the viewer left out), as only organisers are told; empty for everyone else. */
export function useOtherOrganisers(eventId: string): PresentOrganiser[] {
  const presence = usePresence(eventId);
  const me = useCurrentUser()?.guid;
  return (presence?.organisers ?? []).filter((organiser) => organiser.userId !== me);
}

const editing = new Map<string, string>();
const senders = new Map<string, (data: string) => void>();

const editingMessage = (activityId: string | null): string => JSON.stringify({ type: "editing", activityId } satisfies EditingMessage);

/** The event's socket opened (a send function) or closed (null); an open one is told at once what this page edits. */
export function presenceSender(eventId: string, send: ((data: string) => void) | null) {
  if (!send) {
    senders.delete(eventId);
    return;
  }
  senders.set(eventId, send);
  const activityId = editing.get(eventId);
  if (activityId) send(editingMessage(activityId));
}

function setEditing(eventId: string, activityId: string | null) {
  if (activityId) editing.set(eventId, activityId);
  else editing.delete(eventId);
  senders.get(eventId)?.(editingMessage(activityId));
}

/** While mounted, the room hears that this organiser edits the activity (their edit form is open); unmounted, that they stopped. */
export function useEditingPresence(eventId: string, activityId: string) {
  useEffect(() => {
    setEditing(eventId, activityId);
    return () => setEditing(eventId, null);
  }, [eventId, activityId]);
}
