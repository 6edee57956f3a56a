import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { client, data } from "@web/lib/api-client";
import { i18n } from "@web/lib/i18n";
import { rsvpKeys } from "@web/lib/queries/query-keys";
import { RSVP_TOASTS } from "@worker/features/rsvp/rsvp.schema";

const uploadGuestList = (eventId: string, file: File) =>
  data(client.api.rsvp.upload.$post({ form: { file, eventId, selfInvited: "false" } }));
export type ImportReport = Awaited<ReturnType<typeof uploadGuestList>>;

/** 'Upload File': the server invites each valid row of the spreadsheet and answers with a report per row. */
export function useUploadGuestList(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadGuestList(eventId, file),
    onSuccess: (report) => {
      if (report.invited === 0) return;
      toast.success(i18n._(RSVP_TOASTS.invitationsSent));
      void queryClient.invalidateQueries({ queryKey: rsvpKeys.event(eventId) });
    },
  });
}
