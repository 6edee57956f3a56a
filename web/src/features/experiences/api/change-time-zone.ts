import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { i18n } from "@web/lib/i18n";
import type { TIME_ZONE_MODES } from "@worker/features/experiences/experiences.schema";
import { EVENT_UPDATED, experienceSaveScope, putExperience, refreshExperience } from "./update-experience";

export type TimeZoneMode = (typeof TIME_ZONE_MODES)[number];
/** The settings a zone change sends: the new zone, and whether activities keep their clock times or their moments. */
export interface TimeZoneChange {
  timeZone: string;
  timeZoneMode: TimeZoneMode;
}

/**
 * Settings: the experience moves to another zone, its activities keeping their clock times or their moments. Saved in
 * turn with the other settings; 'Event updated successfully.' once done. A refusal (409: an activity that cannot follow)
 * is the caller's to show, in the server's words.
 */
export function useChangeTimeZone(eventId: string, { onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    scope: experienceSaveScope(eventId),
    mutationFn: (change: TimeZoneChange) => putExperience(eventId, change),
    onSuccess: async () => {
      toast.success(i18n._(EVENT_UPDATED));
      await refreshExperience(queryClient, eventId);
      onSuccess?.();
    },
  });
}
