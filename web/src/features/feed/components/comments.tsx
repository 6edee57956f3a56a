import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Spinner } from "@web/components/ui/spinner";
import { useI18n } from "@web/lib/i18n";
import type { FeedSource } from "@web/lib/queries/query-keys";
import { LATEST_COMMENTS, type FeedPost } from "@worker/features/feed/feed.schema";
import { commentsQueryOptions } from "../api/get-comments";
import { isAuthor, isModerator, type FeedViewer } from "../viewer";
import { CommentForm } from "./comment-form";
import { CommentItem } from "./comment-item";

/** The latest three comments (spec 2 §4), 'View all N comments' when there are more, and the comment box. */
export function Comments({ eventId, post, viewer, source }: { eventId: string; post: FeedPost; viewer: FeedViewer; source: FeedSource }) {
  const i18n = useI18n();
  const [all, setAll] = useState(false);
  const full = useQuery({ ...commentsQueryOptions(eventId, post.id, source), enabled: all });
  const comments = all && full.data ? full.data : post.lastThreeComments;
  const more = !all && post.commentCount > LATEST_COMMENTS;
  const canComment = viewer.kind === "participant";
  if (comments.length === 0 && !more && !all && !canComment) return null;

  return (
    <div className="space-y-3 border-t border-slate-100 px-4 pt-3 pb-4">
      {more && (
        <button type="button" className="text-sm font-medium text-slate-600 hover:text-slate-900" onClick={() => setAll(true)}>
          {i18n._("{count, plural, one {View all # comment} other {View all # comments}}", { count: post.commentCount })}
        </button>
      )}
      {all && full.isPending && <Spinner label={i18n._("Loading comments")} className="size-5" />}
      {all && full.isError && (
        <p role="alert" className="text-sm text-rose-700">
          {i18n._("Error loading comments")}
        </p>
      )}
      {comments.length > 0 && (
        <ul className="space-y-2.5" aria-label={i18n._("Comments on {name}'s post", { name: post.owner.firstName })}>
          {comments.map((comment) => (
            <CommentItem
              key={comment.id}
              eventId={eventId}
              postId={post.id}
              comment={comment}
              deletable={isAuthor(viewer, comment.owner.guid) || isModerator(viewer)}
              moderator={isModerator(viewer)}
              reportable={canComment && !isModerator(viewer) && !isAuthor(viewer, comment.owner.guid)}
            />
          ))}
        </ul>
      )}
      {canComment && <CommentForm eventId={eventId} postId={post.id} source={source} />}
    </div>
  );
}
