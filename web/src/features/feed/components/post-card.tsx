import { useRef } from "react";
import { Avatar } from "@web/components/ui/avatar";
import { UserText } from "@web/components/ui/user-text";
import { authPanel } from "@web/lib/auth-panel";
import { useI18n } from "@web/lib/i18n";
import type { FeedSource } from "@web/lib/queries/query-keys";
import type { FeedPost } from "@worker/features/feed/feed.schema";
import { MODERATION_MESSAGES } from "@worker/features/feed/moderation.schema";
import { useModeratePost } from "../api/moderate-post";
import type { FeedViewer } from "../viewer";
import { Comments } from "./comments";
import { LikeButton } from "./like-button";
import { PostActions } from "./post-actions";
import { PostMedia } from "./post-media";
import { PostText } from "./post-text";
import { TimeAgo } from "./time-ago";

interface PostCardProps {
  eventId: string;
  post: FeedPost;
  viewer: FeedViewer;
  source: FeedSource;
}

/** One post: its author, when, what it says, its photo or video, likes and comments. */
export function PostCard({ eventId, post, viewer, source }: PostCardProps) {
  const i18n = useI18n();
  const moderate = useModeratePost(eventId);
  const card = useRef<HTMLElement>(null);
  const name = `${post.owner.firstName} ${post.owner.lastName}`.trim();
  const commentCount = i18n._("{count, plural, one {# comment} other {# comments}}", { count: post.commentCount });

  return (
    <article
      ref={card}
      tabIndex={-1}
      aria-label={i18n._("Post by {name}", { name })}
      className={`rounded-2xl border bg-white shadow-sm outline-none ${post.hidden ? "border-amber-300" : "border-slate-200"}`}
    >
      {post.hidden && (
        <div className="flex items-center justify-between gap-3 rounded-t-2xl bg-amber-50 px-4 py-2 text-sm text-amber-900">
          <span className="font-medium">{i18n._(MODERATION_MESSAGES.hiddenLabel)}</span>
          <button
            type="button"
            className="rounded-lg px-2 py-1 font-semibold text-amber-900 underline-offset-2 hover:underline max-sm:min-h-11"
            onClick={() => moderate.mutate({ postId: post.id, hidden: false })}
          >
            {i18n._("Restore")}
          </button>
        </div>
      )}
      <header className="flex items-center gap-3 px-4 pt-4">
        <Avatar src={post.owner.profilePic?.thumbnail} name={name} className="size-10" />
        <div className="min-w-0 flex-1">
          <UserText as="p" className="truncate text-sm font-semibold text-slate-900">
            {name}
          </UserText>
          <TimeAgo iso={post.createdAt} />
        </div>
        {/* Spec 2 §6: the post's author deletes it; organisers moderate it (docs/moderation.md). */}
        <PostActions eventId={eventId} post={post} viewer={viewer} card={card} />
      </header>
      {post.title && <PostText text={post.title} />}
      {post.media && (
        <div className="px-4 pt-3">
          <PostMedia post={post} />
        </div>
      )}
      <div className="flex items-center gap-1 px-2 py-2">
        <LikeButton eventId={eventId} post={post} viewer={viewer} />
        {viewer.kind === "visitor" ? (
          <button
            type="button"
            onClick={() => authPanel.open("login")}
            className="rounded-lg px-2.5 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100"
          >
            {i18n._("Comment")}
          </button>
        ) : (
          <span className="px-2.5 text-sm text-slate-500">{commentCount}</span>
        )}
      </div>
      <Comments eventId={eventId} post={post} viewer={viewer} source={source} />
    </article>
  );
}
