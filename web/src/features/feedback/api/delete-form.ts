import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { client, data } from "@web/lib/api-client";
import { i18n } from "@web/lib/i18n";
import { feedbackKeys } from "@web/lib/queries/query-keys";
import { FEEDBACK_TOASTS } from "@worker/features/feedback/feedback.schema";

/** Deletes a form with its answers, after the tab's confirmation. */
export function useDeleteForm(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (formId: string) => data(client.api.events[":eventId"].form[":formId"].$delete({ param: { eventId, formId } })),
    onSuccess: () => toast.success(i18n._(FEEDBACK_TOASTS.deleted)),
    onError: () => toast.error(i18n._(FEEDBACK_TOASTS.deleteFailed)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: feedbackKeys.event(eventId) }),
  });
}
