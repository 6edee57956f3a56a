import { useState } from "react";
import type { Comment } from "@worker/features/feed/feed.schema";
import { Avatar } from "@web/components/ui/avatar";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { useDeleteComment } from "../api/delete-comment";
import { TimeAgo } from "./time-ago";
import { UserText } from "@web/components/ui/user-text";

const nameOf = (person: Comment["owner"]) => `${person.firstName} ${person.lastName}`.trim();

/** One comment; its author may delete it, after a confirmation. */
export function CommentItem({
  eventId,
  postId,
  comment,
  deletable,
}: {
  eventId: string;
  postId: string;
  comment: Comment;
  deletable: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteComment(eventId, postId);
  const name = nameOf(comment.owner);
  return (
    <li className="flex gap-2.5">
      <Avatar src={comment.owner.profilePic?.thumbnail} name={name} className="size-7 text-xs" />
      <div className="min-w-0 flex-1">
        <div className="rounded-2xl bg-slate-100 px-3 py-2">
          <UserText as="p" className="text-sm font-semibold text-slate-900">
            {name}
          </UserText>
          <UserText as="p" className="text-sm break-words whitespace-pre-wrap text-slate-800">
            {comment.comment}
          </UserText>
        </div>
        <div className="mt-0.5 flex items-center gap-3 px-3">
          <TimeAgo iso={comment.createdAt} />
          {deletable && (
            <button
              type="button"
              className="text-xs font-medium text-slate-500 hover:text-rose-600"
              onClick={() => setConfirming(true)}
              aria-label={`Delete your comment "${comment.comment.slice(0, 40)}"`}
            >
              Delete
            </button>
          )}
        </div>
      </div>
      {confirming && (
        <ConfirmDialog
          title="Delete comment"
          message="Delete this comment? This cannot be undone."
          onConfirm={() =>
            remove.mutateAsync(comment.id).then(
              () => setConfirming(false),
              () => undefined,
            )
          }
          onClose={() => setConfirming(false)}
        />
      )}
    </li>
  );
}
