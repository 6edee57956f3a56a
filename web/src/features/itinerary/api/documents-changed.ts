import type { QueryClient } from "@tanstack/react-query";
import { experienceKeys } from "@web/lib/queries/query-keys";
import { itineraryKeys } from "./keys";

/** After an activity's documents changed: the panel shows its own write at once (`show`); the refetches follow. */
export async function documentsChanged(queryClient: QueryClient, eventId: string, show: () => void): Promise<void> {
  const refreshed = Promise.all([
    queryClient.invalidateQueries({ queryKey: itineraryKeys.documents(eventId) }),
    queryClient.invalidateQueries({ queryKey: experienceKeys.detail(eventId) }),
  ]);
  show();
  await refreshed;
}
