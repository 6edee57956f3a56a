import { useMutation } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { ApiError, client, data } from "@web/lib/api-client";
import { i18n } from "@web/lib/i18n";
import { REMINDED, RSVP_TOASTS } from "@worker/features/rsvp/rsvp.schema";
import { NOTICE_MS, notMailedNotice } from "./not-mailed-notice";

/**
 * 'Send reminder' in the PENDING group: mails everyone whose invitation is still pending (spec 2 §8 names both toasts).
 * The success toast comes only when mail went out, with how many were reminded; when no one was, the reason (nobody
 * waiting, or only invitations less than an hour old). A reminder already sent today is refused (429) with the server's
 * reason; any other failure keeps the spec's words. Those not e-mailed (unsubscribed, or at today's cap) are named with
 * the reason.
 */
export function useSendReminder(eventId: string) {
  return useMutation({
    mutationFn: () => data(client.api.rsvp.request[":eventId"].$post({ param: { eventId } })),
    onSuccess: ({ reminded, unreachable, nobody }) => {
      if (reminded > 0) {
        // The spec's words as they are, then how many.
        toast.success(i18n._(RSVP_TOASTS.reminderSent));
        toast.info(i18n._(REMINDED, { count: reminded }));
      } else if (nobody) toast.info(i18n._(RSVP_TOASTS.nobody[nobody]));
      else toast.info(i18n._(RSVP_TOASTS.nobodyMailed));
      if (unreachable.length > 0) toast.info(notMailedNotice(unreachable), NOTICE_MS);
    },
    onError: (error) => toast.error(error instanceof ApiError && error.status === 429 ? error.message : i18n._(RSVP_TOASTS.reminderFailed)),
  });
}
