import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { changesSinceQueryOptions } from "./api/changes";
import { ChangesPanel } from "./changes-panel";

/**
 * The change log's lines after `since`, under `heading`, floating over the page's foot (it comes after first paint):
 * 'While you were offline' (features/offline, composed by the app's router). Nothing shows when nothing changed.
 */
export function ChangesSince({
  eventId,
  since,
  heading,
  onDismiss,
  onAnswered,
}: {
  eventId: string;
  since: number;
  heading: string;
  onDismiss: () => void;
  /** The server has answered (changes or none): `since` has served its purpose. */
  onAnswered?: () => void;
}) {
  const changes = useQuery(changesSinceQueryOptions(eventId, since));
  const answered = changes.data !== undefined;
  useEffect(() => {
    if (answered) onAnswered?.();
  }, [answered, onAnswered]);
  if (!changes.data || changes.data.changes.length === 0) return null;
  return <ChangesPanel heading={heading} changes={changes.data.changes} floating onDismiss={onDismiss} />;
}
