import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { EventDetail } from "@worker/features/events/events.schema";
import type { Changes } from "@worker/features/notifications/notifications.schema";
import { Button } from "@web/components/ui/button";
import { changesQueryOptions, useMarkSeen } from "./api/changes";

/** Where a note that came after first paint sits: over the page's foot, within a phone's width and height. */
const FLOATING = "fixed inset-x-3 bottom-3 z-30 mx-auto max-h-[60vh] max-w-lg overflow-y-auto shadow-lg";

/** The lines shown before 'Show all'. */
const FIRST_LINES = 5;

type Participant = Pick<EventDetail, "id" | "isOwner" | "isHost" | "isGuest">;
const takesPart = (event: Participant) => event.isOwner || event.isHost || event.isGuest;

/**
 * 'What changed since you last looked', above the itinerary (participants). It shows the changes that were already
 * there when the itinerary first painted (they are fetched beside the experience: usePrefetchChanges) above it, and
 * keeps them as they were, so it never pushes the itinerary down; changes that arrive later float over the page's foot. On a
 * first visit there is nothing to compare with: the marker is set silently. 'Dismiss' marks them seen.
 */
export function ChangesNote({ event }: { event: Participant }) {
  const changes = useQuery({ ...changesQueryOptions(event.id), enabled: takesPart(event), refetchOnMount: false });
  const [atFirstPaint] = useState(() => changes.data);
  // Changes that arrive after the itinerary painted float over the page's foot instead: nothing in the page moves.
  const [late, setLate] = useState<Changes>();
  const [dismissed, setDismissed] = useState(false);
  const [all, setAll] = useState(false);
  const { mutate: markSeen } = useMarkSeen(event.id);
  const firstVisit = changes.data?.seenSeq === null;
  const lastSeq = changes.data?.lastSeq;

  useEffect(() => {
    if (firstVisit && lastSeq !== undefined) markSeen(lastSeq);
  }, [firstVisit, lastSeq, markSeen]);
  useEffect(() => {
    if (!atFirstPaint && changes.data) setLate((kept) => kept ?? changes.data);
  }, [atFirstPaint, changes.data]);

  const note = atFirstPaint ?? late;
  if (dismissed || !note || note.changes.length === 0) return null;
  const lines = note.changes;
  const shown = all ? lines : lines.slice(0, FIRST_LINES);
  const headingId = `changes-${event.id}`;
  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-2xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-950 ${atFirstPaint ? "mb-4" : FLOATING}`}
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={headingId} className="font-semibold">
          What changed since you last looked
        </h2>
        <Button
          variant="ghost"
          className="-my-1 shrink-0"
          onClick={() => {
            setDismissed(true);
            markSeen(note.lastSeq);
          }}
        >
          Dismiss
        </Button>
      </div>
      <ul className="mt-2 space-y-1">
        {shown.map((change) => (
          <li key={change.seq} className="break-words">
            {change.text}
          </li>
        ))}
      </ul>
      {lines.length > FIRST_LINES && !all && (
        <button type="button" onClick={() => setAll(true)} className="mt-2 min-h-11 font-medium text-brand-700 hover:underline">
          Show all ({lines.length})
        </button>
      )}
    </section>
  );
}

/** Fetches the changes as the event page opens, beside the experience itself, so the note can be there at first paint. */
export function usePrefetchChanges(eventId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (eventId) void queryClient.prefetchQuery({ ...changesQueryOptions(eventId), staleTime: 0 });
  }, [eventId, queryClient]);
}
