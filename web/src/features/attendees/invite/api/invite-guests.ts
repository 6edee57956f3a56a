import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { namedList, NOTICE_MS, notMailedNotice } from "@web/features/attendees/api/not-mailed-notice";
import { client, data } from "@web/lib/api-client";
import { isolate } from "@web/lib/bidi";
import { i18n } from "@web/lib/i18n";
import { rsvpKeys } from "@web/lib/queries/query-keys";
import { RSVP_TOASTS } from "@worker/features/rsvp/rsvp.schema";

/** 'Already invited: a@x.com, b@y.com and 4 more', for the addresses the server did not invite twice. */
export const alreadyInvitedNotice = (addresses: string[]) =>
  i18n._("Already invited: {addresses}", { addresses: namedList(addresses.map(isolate)) });

/**
 * 'Invite by Email': one invitation per new address; those already invited are named, not invited twice, and those
 * invited but not e-mailed (unsubscribed, or at today's cap) are named with the reason.
 */
export function useInviteGuests(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitees: string[]) => data(client.api.rsvp.$post({ json: { eventId, invitees, selfInvited: false } })),
    onSuccess: ({ invited, alreadyInvited, unreachable }) => {
      if (invited.length > 0) toast.success(i18n._(RSVP_TOASTS.invitationsSent));
      if (alreadyInvited.length > 0) toast.info(alreadyInvitedNotice(alreadyInvited), NOTICE_MS);
      if (unreachable.length > 0) toast.info(notMailedNotice(unreachable), NOTICE_MS);
      void queryClient.invalidateQueries({ queryKey: rsvpKeys.event(eventId) });
    },
  });
}
