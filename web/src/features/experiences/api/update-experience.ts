import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import type { InferRequestType } from "hono/client";
import { toast } from "@web/components/ui/toast";
import { client, data } from "@web/lib/api-client";
import { editConflictOf } from "@web/lib/edit-conflict";
import { i18n } from "@web/lib/i18n";
import { experienceKeys } from "@web/lib/queries/query-keys";

/** Any of the experience's own fields: name, subtitle, description, privacy, rsvpType and the dates. */
export type ExperienceChange = InferRequestType<(typeof client.api.events)[":id"]["$put"]>["json"];

/** Saves of one experience run one after another (TanStack Query mutation scope), so they reach the server in the order made. */
export const experienceSaveScope = (eventId: string) => ({ id: `event-${eventId}` });

export const putExperience = (eventId: string, change: ExperienceChange) =>
  data(client.api.events[":id"].$put({ param: { id: eventId }, json: change }));

/** The toasts of a save (English sources: shown through `i18n._`). */
export const EVENT_UPDATED = /*i18n*/ "Event updated successfully.";
export const EVENT_UPDATE_FAILED = /*i18n*/ "Failed to update event.";

/** After a save: the experience's own page and every list showing it. */
export async function refreshExperience(queryClient: QueryClient, eventId: string): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: experienceKeys.detail(eventId) });
  await queryClient.invalidateQueries({ queryKey: experienceKeys.all });
}

/**
 * Experience Settings and the inline name: 'Event updated successfully.', or 'Failed to update event.'. A save that met
 * someone else's change (409 with `current`) is not a failure: the form shows the choice.
 */
export function useUpdateExperience(eventId: string, { onError }: { onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    scope: experienceSaveScope(eventId),
    mutationFn: (change: ExperienceChange) => putExperience(eventId, change),
    onSuccess: async () => {
      toast.success(i18n._(EVENT_UPDATED));
      await refreshExperience(queryClient, eventId);
    },
    onError: (error) => {
      if (editConflictOf(error)) return;
      toast.error(i18n._(EVENT_UPDATE_FAILED));
      onError?.(error);
    },
  });
}
