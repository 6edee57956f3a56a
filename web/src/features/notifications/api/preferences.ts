import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { client, data, errorMessage } from "@web/lib/api-client";
import { i18n } from "@web/lib/i18n";
import type { NotificationPreferences, PreferencesPatch } from "@worker/features/notifications/notifications.schema";

const preferencesKey = ["notification-preferences"] as const;

/** The signed-in person's switches and muted experiences. */
export const preferencesQueryOptions = () =>
  queryOptions({ queryKey: preferencesKey, queryFn: () => data(client.api.notifications.preferences.$get()) });

/** Applies a patch to the switches shown. */
const patched = (current: NotificationPreferences, patch: PreferencesPatch): NotificationPreferences => ({
  ...current,
  email: { ...current.email, ...patch.email },
  push: { ...current.push, ...patch.push },
});

/**
 * Saves a switch at once: shown from the click itself (optimistic), 'Saved' when the server has it, and the stored
 * switches again with the reason when it fails.
 */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: PreferencesPatch) => data(client.api.notifications.preferences.$put({ json: patch })),
    onMutate: async (patch) => {
      await queryClient.cancelQueries({ queryKey: preferencesKey });
      const before = queryClient.getQueryData<NotificationPreferences>(preferencesKey);
      if (before) queryClient.setQueryData(preferencesKey, patched(before, patch));
      return { before };
    },
    onSuccess: () => toast.success(i18n._("Notification settings saved")),
    onError: (error, _patch, context) => {
      if (context?.before) queryClient.setQueryData(preferencesKey, context.before);
      toast.error(errorMessage(error, i18n._("Your change was not saved. Please try again.")));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: preferencesKey }),
  });
}

/** Mutes or unmutes an experience; the muted list follows. */
export function useSetMute(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (muted: boolean) => data(client.api.notifications.mutes[":eventId"].$put({ param: { eventId }, json: { muted } })),
    onMutate: async (muted) => {
      await queryClient.cancelQueries({ queryKey: preferencesKey });
      const before = queryClient.getQueryData<NotificationPreferences>(preferencesKey);
      if (before && !muted)
        queryClient.setQueryData(preferencesKey, { ...before, muted: before.muted.filter((m) => m.eventId !== eventId) });
      return { before };
    },
    onSuccess: ({ muted }) => toast.success(muted ? i18n._("This experience is muted") : i18n._("This experience is unmuted")),
    onError: (error, _muted, context) => {
      if (context?.before) queryClient.setQueryData(preferencesKey, context.before);
      toast.error(errorMessage(error, i18n._("Your change was not saved. Please try again.")));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: preferencesKey }),
  });
}
