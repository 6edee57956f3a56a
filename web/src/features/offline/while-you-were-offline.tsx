import type { ComponentType } from "react";
import { useI18n } from "@web/lib/i18n";
import type { ExperienceDetail } from "@worker/features/experiences/experiences.schema";
import { useOfflineSince } from "./use-offline-since";

/** The change log's lines after a seq, under a heading (features/notifications), composed by the app's router. */
export type ChangesSinceSlot = ComponentType<{
  eventId: string;
  since: number;
  heading: string;
  onDismiss: () => void;
  onAnswered: () => void;
}>;

type Participant = Pick<ExperienceDetail, "id" | "isOwner" | "isHost" | "isGuest">;

/**
 * Back online on the event page: 'While you were offline' and what changed meanwhile (participants: the change log
 * is theirs), floating over the page's foot. The page's queries refetch by themselves (TanStack's onlineManager).
 */
export function WhileYouWereOffline({ event, changesSince: ChangesSince }: { event: Participant; changesSince: ChangesSinceSlot }) {
  const i18n = useI18n();
  const { since, answered, done } = useOfflineSince(event.id);
  if (since === null || !(event.isOwner || event.isHost || event.isGuest)) return null;
  return (
    <ChangesSince eventId={event.id} since={since} heading={i18n._("While you were offline")} onDismiss={done} onAnswered={answered} />
  );
}
