import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { client, data, errorMessage } from "@web/lib/api-client";
import { i18n } from "@web/lib/i18n";
import { checkinKeys } from "@web/lib/queries/query-keys";
import type { CheckinSheet } from "@worker/features/checkin/checkin.schema";
import { learned } from "../scanning/sheet-journal";
import { withCheckins } from "../scanning/sheet-updates";

/** Undo: the check-in stays on record, marked undone, and the guest may be admitted again. */
export function useUndoCheckin(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (checkinId: string) =>
      data(client.api.events[":eventId"].checkins[":checkinId"].$delete({ param: { eventId, checkinId } })),
    onSuccess: (checkin) => {
      learned(eventId, [checkin]);
      queryClient.setQueryData<CheckinSheet>(checkinKeys.sheet(eventId), (sheet) => sheet && withCheckins(sheet, [checkin]));
      toast.success(i18n._("Check-in undone"));
    },
    onError: (error) => toast.error(errorMessage(error, i18n._("The check-in could not be undone"))),
  });
}
