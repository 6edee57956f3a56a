import { useMutation } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { client, data, errorMessage } from "@web/lib/api-client";

export const PASS_MAILED = "Your pass is on its way to your inbox";

/** 'E-mail me my pass': the 'Your pass' e-mail, now; the server's reason when it refuses (three a day). */
export function useMailPass(eventId: string) {
  return useMutation({
    mutationFn: () => data(client.api.events[":eventId"].pass.mail.$post({ param: { eventId } })),
    onSuccess: () => toast.success(PASS_MAILED),
    onError: (error) => toast.error(errorMessage(error)),
  });
}
