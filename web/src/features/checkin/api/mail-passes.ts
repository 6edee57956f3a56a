import { useMutation } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { client, data, errorMessage } from "@web/lib/api-client";

/** 'E-mail passes': every attending guest who has not had theirs yet gets a 'Your pass' e-mail. */
export function useMailPasses(eventId: string) {
  return useMutation({
    mutationFn: () => data(client.api.events[":eventId"].checkin.passes.mail.$post({ param: { eventId } })),
    onSuccess: ({ queued }) => toast.success(`${queued} ${queued === 1 ? "pass" : "passes"} sent`),
    onError: (error) => toast.error(errorMessage(error, "The passes could not be sent")),
  });
}
