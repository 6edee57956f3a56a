import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useI18n } from "@web/lib/i18n";
import type { ExperienceDetail } from "@worker/features/experiences/experiences.schema";
import { changesQueryOptions, useMarkSeen } from "./api/changes";
import { ChangesPanel } from "./changes-panel";

type Participant = Pick<ExperienceDetail, "id" | "isOwner" | "isHost" | "isGuest">;
const takesPart = (event: Participant) => event.isOwner || event.isHost || event.isGuest;

/**
 * 'What changed since you last looked', above the itinerary (participants), in the page's flow: never a card over the
 * itinerary that catches clicks. It is fetched beside the experience (usePrefetchChanges), so it is mostly there at first
 * paint, and it stays current: a live message refetches it, and a line that no longer applies (a request decided since)
 * leaves it (the server drops it). On a first visit there is nothing to compare with: the marker is set silently.
 * 'Dismiss' marks them seen.
 */
export function ChangesNote({ event }: { event: Participant }) {
  const i18n = useI18n();
  const changes = useQuery({ ...changesQueryOptions(event.id), enabled: takesPart(event), refetchOnMount: false });
  const [dismissed, setDismissed] = useState(false);
  const { mutate: markSeen } = useMarkSeen(event.id);
  const firstVisit = changes.data?.seenSeq === null;
  const lastSeq = changes.data?.lastSeq;

  useEffect(() => {
    if (firstVisit && lastSeq !== undefined) markSeen(lastSeq);
  }, [firstVisit, lastSeq, markSeen]);

  const note = changes.data;
  if (dismissed || !note || note.changes.length === 0) return null;
  return (
    <ChangesPanel
      heading={i18n._("What changed since you last looked")}
      changes={note.changes}
      floating={false}
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
