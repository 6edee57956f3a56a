import { useMutation } from "@tanstack/react-query";
import { RSVP_TOASTS } from "@worker/features/rsvp/rsvp.schema";
import { toast } from "@web/components/ui/toast";
import { client, data } from "@web/lib/api-client";

/** 'Send reminder' in the PENDING group: mails everyone whose invitation is still pending (spec 2 §8 names both toasts). */
export function useSendReminder(eventId: string) {
  return useMutation({
    mutationFn: () => data(client.api.rsvp.request[":eventId"].$post({ param: { eventId } })),
    onSuccess: () => toast.success(RSVP_TOASTS.reminderSent),
    onError: () => toast.error(RSVP_TOASTS.reminderFailed),
  });
}
