import { useMutation } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { client, data, errorMessage } from "@web/lib/api-client";
import { i18n } from "@web/lib/i18n";

export const PASS_MAILED = /*i18n*/ "Your pass is on its way to your inbox";

/** 'E-mail me my pass': the 'Your pass' e-mail, now; the server's reason when it refuses (three a day). */
export function useMailPass(eventId: string) {
  return useMutation({
    mutationFn: () => data(client.api.events[":eventId"].pass.mail.$post({ param: { eventId } })),
    onSuccess: () => toast.success(i18n._(PASS_MAILED)),
    onError: (error) => toast.error(errorMessage(error)),
  });
}
