import { useRef, useState } from "react";
import type { FeedPost } from "@worker/features/feed/feed.schema";
import { Avatar } from "@web/components/ui/avatar";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { authPanel } from "@web/lib/auth-panel";
import type { FeedSource } from "@web/lib/query-keys";
import { useDeletePost } from "../api/delete-post";
import { isAuthor, type FeedViewer } from "../viewer";
import { Comments } from "./comments";
import { LikeButton } from "./like-button";
import { PostMedia } from "./post-media";
import { PostMenu } from "./post-menu";
import { TimeAgo } from "./time-ago";
import { UserText } from "@web/components/ui/user-text";

interface PostCardProps {
  eventId: string;
  post: FeedPost;
  viewer: FeedViewer;
  source: FeedSource;
}

/** One post: its author, when, what it says, its photo or video, likes and comments. */
export function PostCard({ eventId, post, viewer, source }: PostCardProps) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeletePost(eventId);
  const card = useRef<HTMLElement>(null);
  const name = `${post.owner.firstName} ${post.owner.lastName}`.trim();
  const commentCount = `${post.commentCount} ${post.commentCount === 1 ? "comment" : "comments"}`;

  return (
    <article
      ref={card}
      tabIndex={-1}
      aria-label={`Post by ${name}`}
      className="rounded-2xl border border-slate-200 bg-white shadow-sm outline-none"
    >
      <header className="flex items-center gap-3 px-4 pt-4">
        <Avatar src={post.owner.profilePic?.thumbnail} name={name} className="size-10" />
        <div className="min-w-0 flex-1">
          <UserText as="p" className="truncate text-sm font-semibold text-slate-900">
            {name}
          </UserText>
          <TimeAgo iso={post.createdAt} />
        </div>
        {/* Spec 2 §6: only the post's author sees its delete menu. */}
        {isAuthor(viewer, post.owner.guid) && <PostMenu onDelete={() => setConfirming(true)} />}
      </header>
      {post.title && (
        <UserText as="p" className="px-4 pt-3 break-words whitespace-pre-wrap text-slate-800">
          {post.title}
        </UserText>
      )}
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
            Comment
          </button>
        ) : (
          <span className="px-2.5 text-sm text-slate-500">{commentCount}</span>
        )}
      </div>
      <Comments eventId={eventId} post={post} viewer={viewer} source={source} />
      {confirming && (
        <ConfirmDialog
          title="Delete post"
          message="Delete this post? Its likes and comments go with it."
          onConfirm={async () => {
            // The menu button that opened the dialog goes with the post: focus moves to the post beside it.
            const item = card.current?.closest("li");
            const neighbour = (item?.nextElementSibling ?? item?.previousElementSibling)?.querySelector<HTMLElement>("article");
            try {
              await remove.mutateAsync(post.id);
            } catch {
              return;
            }
            setConfirming(false);
            setTimeout(() => neighbour?.focus(), 0);
          }}
          onClose={() => setConfirming(false)}
        />
      )}
    </article>
  );
}
