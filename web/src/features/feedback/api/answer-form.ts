import { useMutation, useQueryClient } from "@tanstack/react-query";
import { client, data } from "@web/lib/api-client";
import { feedbackKeys } from "@web/lib/queries/query-keys";
import type { ActiveFeedback, AnswerBody } from "@worker/features/feedback/feedback.schema";

/** A guest's answer to the published form. The answer card shows the thank-you state, or the server's refusal. */
export function useAnswerForm(eventId: string, formId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: AnswerBody) =>
      data(client.api.events[":eventId"].form[":formId"].response.$post({ param: { eventId, formId }, json })),
    onSuccess: () =>
      queryClient.setQueryData<ActiveFeedback>(
        feedbackKeys.active(eventId),
        (active) => active && { ...active, answered: true, canAnswer: false },
      ),
    // A refusal may mean the form changed or closed meanwhile: read it again.
    onError: () => queryClient.invalidateQueries({ queryKey: feedbackKeys.active(eventId) }),
  });
}
