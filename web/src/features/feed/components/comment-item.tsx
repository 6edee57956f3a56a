import { useState } from "react";
import { Avatar } from "@web/components/ui/avatar";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { UserText } from "@web/components/ui/user-text";
import { useI18n } from "@web/lib/i18n";
import type { Comment } from "@worker/features/feed/feed.schema";
import { MODERATION_MESSAGES } from "@worker/features/feed/moderation.schema";
import { useDeleteComment } from "../api/delete-comment";
import { useModerateComment } from "../api/moderate-comment";
import { ReportDialog } from "./report-dialog";
import { TimeAgo } from "./time-ago";

const nameOf = (person: Comment["owner"]) => `${person.firstName} ${person.lastName}`.trim();

const ACTION = "text-xs font-medium text-slate-500 hover:text-slate-900 max-sm:min-h-11";

/** One comment; its author or an organiser may delete it (after a confirmation), an organiser hide it, another participant report it. */
export function CommentItem({
  eventId,
  postId,
  comment,
  deletable,
  moderator,
  reportable,
}: {
  eventId: string;
  postId: string;
  comment: Comment;
  deletable: boolean;
  moderator: boolean;
  reportable: boolean;
}) {
  const i18n = useI18n();
  const [open, setOpen] = useState<"delete" | "report" | null>(null);
  const remove = useDeleteComment(eventId, postId);
  const moderate = useModerateComment(eventId, postId);
  const name = nameOf(comment.owner);
  const quote = comment.comment.slice(0, 40);
  return (
    <li className="flex gap-2.5">
      <Avatar src={comment.owner.profilePic?.thumbnail} name={name} className="size-7 text-xs" />
      <div className="min-w-0 flex-1">
        <div className={`rounded-2xl px-3 py-2 ${comment.hidden ? "bg-amber-50 ring-1 ring-amber-300" : "bg-slate-100"}`}>
          {comment.hidden && <p className="text-xs font-medium text-amber-900">{i18n._(MODERATION_MESSAGES.hiddenLabel)}</p>}
          <UserText as="p" className="text-sm font-semibold text-slate-900">
            {name}
          </UserText>
          <UserText as="p" className="text-sm break-words whitespace-pre-wrap text-slate-800">
            {comment.comment}
          </UserText>
        </div>
        <div className="mt-0.5 flex items-center gap-3 px-3">
          <TimeAgo iso={comment.createdAt} />
          {moderator && (
            <button
              type="button"
              className={ACTION}
              onClick={() => moderate.mutate({ commentId: comment.id, hidden: !comment.hidden })}
              aria-label={
                comment.hidden
                  ? i18n._('Restore {name}\'s comment "{quote}"', { name, quote })
                  : i18n._('Hide {name}\'s comment "{quote}"', { name, quote })
              }
            >
              {comment.hidden ? i18n._("Restore") : i18n._("Hide")}
            </button>
          )}
          {reportable && (
            <button
              type="button"
              className={ACTION}
              onClick={() => setOpen("report")}
              aria-label={i18n._('Report {name}\'s comment "{quote}"', { name, quote })}
            >
              {i18n._("Report")}
            </button>
          )}
          {deletable && (
            <button
              type="button"
              className="text-xs font-medium text-slate-500 hover:text-rose-600 max-sm:min-h-11"
              onClick={() => setOpen("delete")}
              aria-label={
                moderator
                  ? i18n._('Delete {name}\'s comment "{quote}"', { name, quote })
                  : i18n._('Delete your comment "{quote}"', { quote })
              }
            >
              {i18n._("Delete")}
            </button>
          )}
        </div>
      </div>
      {open === "report" && <ReportDialog eventId={eventId} subject={{ postId, commentId: comment.id }} onClose={() => setOpen(null)} />}
      {open === "delete" && (
        <ConfirmDialog
          title={i18n._("Delete comment")}
          message={i18n._("Delete this comment? This cannot be undone.")}
          onConfirm={() =>
            remove.mutateAsync(comment.id).then(
              () => setOpen(null),
              () => undefined,
            )
          }
          onClose={() => setOpen(null)}
        />
      )}
    </li>
  );
}
