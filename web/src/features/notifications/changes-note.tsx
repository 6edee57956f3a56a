import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { ExperienceDetail } from "@worker/features/experiences/experiences.schema";
import type { Changes } from "@worker/features/notifications/notifications.schema";
import { changesQueryOptions, useMarkSeen } from "./api/changes";
import { ChangesPanel } from "./changes-panel";

type Participant = Pick<ExperienceDetail, "id" | "isOwner" | "isHost" | "isGuest">;
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
  return (
    <ChangesPanel
      heading="What changed since you last looked"
      changes={note.changes}
      floating={!atFirstPaint}
      onDismiss={() => {
        setDismissed(true);
        markSeen(note.lastSeq);
      }}
    />
  );
}

/** Fetches the changes as the event page opens, beside the experience itself, so the note can be there at first paint. */
export function usePrefetchChanges(eventId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (eventId) void queryClient.prefetchQuery({ ...changesQueryOptions(eventId), staleTime: 0 });
  }, [eventId, queryClient]);
}
