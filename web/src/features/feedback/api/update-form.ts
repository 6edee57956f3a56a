import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { client, data } from "@web/lib/api-client";
import { i18n } from "@web/lib/i18n";
import { feedbackKeys } from "@web/lib/queries/query-keys";
import { FEEDBACK_TOASTS, type UpdateFormBody } from "@worker/features/feedback/feedback.schema";

/** Saves the editor's changes to a form. The editor shows a refusal itself, beside what was typed. */
export function useUpdateForm(eventId: string, formId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: UpdateFormBody) => data(client.api.events[":eventId"].form[":formId"].$put({ param: { eventId, formId }, json })),
    onSuccess: async () => {
      toast.success(i18n._(FEEDBACK_TOASTS.updated));
      await queryClient.invalidateQueries({ queryKey: feedbackKeys.event(eventId) });
    },
  });
}
