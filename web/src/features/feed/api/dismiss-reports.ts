import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { client, data, errorMessage } from "@web/lib/api-client";
import { i18n } from "@web/lib/i18n";
import { feedKeys } from "@web/lib/queries/query-keys";
import type { FeedReports } from "@worker/features/feed/moderation.schema";

const REPORTS_DISMISSED = /*i18n*/ "Reports dismissed";

/** Dismisses every report about a post or comment: it leaves the 'Reported' list at once, and comes back on a refusal. */
export function useDismissReports(eventId: string) {
  const queryClient = useQueryClient();
  const key = feedKeys.reports(eventId);
  return useMutation({
    mutationFn: (subjectId: string) => data(client.api.feeds[":eventId"].reports[":subjectId"].$delete({ param: { eventId, subjectId } })),
    onMutate: async (subjectId) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<FeedReports>(key);
      queryClient.setQueryData<FeedReports>(
        key,
        (now) => now && { ...now, subjects: now.subjects.filter((s) => s.subjectId !== subjectId) },
      );
      return { before };
    },
    onSuccess: () => toast.success(i18n._(REPORTS_DISMISSED)),
    onError: (error, _, context) => {
      queryClient.setQueryData(key, context?.before);
      toast.error(errorMessage(error));
    },
  });
}
