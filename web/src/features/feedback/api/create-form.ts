import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { client, data } from "@web/lib/api-client";
import { i18n } from "@web/lib/i18n";
import { feedbackKeys } from "@web/lib/queries/query-keys";
import { FEEDBACK_TOASTS, type CreateFormBody } from "@worker/features/feedback/feedback.schema";

/** A new form, always a draft. The editor shows a refusal itself, beside what was typed. */
export function useCreateForm(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: CreateFormBody) => data(client.api.events[":eventId"].form.$post({ param: { eventId }, json })),
    onSuccess: async () => {
      toast.success(i18n._(FEEDBACK_TOASTS.created));
      await queryClient.invalidateQueries({ queryKey: feedbackKeys.list(eventId) });
    },
  });
}
