import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { client, data } from "@web/lib/api-client";
import { i18n } from "@web/lib/i18n";
import { feedbackKeys } from "@web/lib/queries/query-keys";
import { FEEDBACK_TOASTS } from "@worker/features/feedback/feedback.schema";

/** Publish: the form opens for answers (the experience's other forms go back to drafts). */
export function usePublishForm(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (formId: string) =>
      data(client.api.events[":eventId"].form[":formId"].$put({ param: { eventId, formId }, json: { isActive: true } })),
    onSuccess: () => toast.success(i18n._(FEEDBACK_TOASTS.published)),
    onError: () => toast.error(i18n._(FEEDBACK_TOASTS.publishFailed)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: feedbackKeys.event(eventId) }),
  });
}
