import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { client, data, errorMessage } from "@web/lib/api-client";
import { i18n } from "@web/lib/i18n";
import { NOTICE_MS, notMailedNotice } from "./not-mailed-notice";
import { refreshPeople } from "./refresh-people";

/** 'Resend invitation' on one pending row: the toast says whether the mail went out, and why not. */
export function useResendInvitation(eventId: string) {
  return useMutation({
    mutationFn: (rsvpId: string) => data(client.api.events[":eventId"].invitations[":rsvpId"].resend.$post({ param: { eventId, rsvpId } })),
    onSuccess: ({ mailed, unreachable }) => {
      if (mailed) toast.success(i18n._("Invitation sent again"));
      if (unreachable.length > 0) toast.info(notMailedNotice(unreachable), NOTICE_MS);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
}

/** 'Withdraw invitation' on one pending row: the row leaves the list; its link stops working. */
export function useWithdrawInvitation(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rsvpId: string) => data(client.api.events[":eventId"].invitations[":rsvpId"].$delete({ param: { eventId, rsvpId } })),
    onSuccess: async () => {
      toast.success(i18n._("Invitation withdrawn"));
      await refreshPeople(queryClient, eventId);
    },
    onError: async (error) => {
      toast.error(errorMessage(error));
      await refreshPeople(queryClient, eventId);
    },
  });
}
