import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { EVENT_UPDATED, eventSaveScope, putEvent, refreshEvent, type EventChange } from "./update-event";

// PUT /api/events/{id} takes timeZone with timeZoneMode on the tz-worker branch (TIME_ZONE_MODES in events.schema.ts).
// Until it is merged, the two fields are named here; afterwards they come from EventChange and this list goes.
export const TIME_ZONE_MODES = ["KEEP_WALL_CLOCK", "KEEP_MOMENTS"] as const;
export type TimeZoneMode = (typeof TIME_ZONE_MODES)[number];
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
    scope: eventSaveScope(eventId),
    mutationFn: (change: TimeZoneChange) => putEvent(eventId, change as unknown as EventChange),
    onSuccess: async () => {
      toast.success(EVENT_UPDATED);
      await refreshEvent(queryClient, eventId);
      onSuccess?.();
    },
  });
}
