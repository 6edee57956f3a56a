import { useQuery } from "@tanstack/react-query";
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
}: {
  eventId: string;
  since: number;
  heading: string;
  onDismiss: () => void;
}) {
  const changes = useQuery(changesSinceQueryOptions(eventId, since));
  if (!changes.data || changes.data.changes.length === 0) return null;
  return <ChangesPanel heading={heading} changes={changes.data.changes} floating onDismiss={onDismiss} />;
}
