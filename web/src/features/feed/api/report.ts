import { useMutation } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { client, data, errorMessage } from "@web/lib/api-client";
import { i18n } from "@web/lib/i18n";

const REPORT_SENT = /*i18n*/ "Thanks. The organisers will look at your report.";

/** What is reported: a post, or one of its comments. */
export interface ReportSubject {
  postId: string;
  commentId?: string;
}

/** Reports a post or a comment to the organisers with a reason; the dialog stays open with the answer's words on a refusal. */
export function useReport(eventId: string) {
  return useMutation({
    mutationFn: ({ postId, commentId, reason }: ReportSubject & { reason: string }) => {
      const feed = client.api.feeds[":eventId"][":feedId"];
      return commentId === undefined
        ? data(feed.report.$post({ param: { eventId, feedId: postId }, json: { reason } }))
        : data(feed.comment[":commentId"].report.$post({ param: { eventId, feedId: postId, commentId }, json: { reason } }));
    },
    onSuccess: () => toast.success(i18n._(REPORT_SENT)),
    onError: (error) => toast.error(errorMessage(error)),
  });
}
