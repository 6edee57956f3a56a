import { useMutation } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { client, data, errorMessage } from "@web/lib/api-client";
import { i18n } from "@web/lib/i18n";

/** 'E-mail passes': every attending guest who has not had theirs yet gets a 'Your pass' e-mail. */
export function useMailPasses(eventId: string) {
  return useMutation({
    mutationFn: () => data(client.api.events[":eventId"].checkin.passes.mail.$post({ param: { eventId } })),
    onSuccess: ({ queued }) => toast.success(i18n._("{count, plural, one {# pass sent} other {# passes sent}}", { count: queued })),
    onError: (error) => toast.error(errorMessage(error, i18n._("The passes could not be sent"))),
  });
}
