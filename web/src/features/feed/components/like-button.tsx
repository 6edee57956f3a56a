import { HeartIcon } from "@web/components/ui/icons";
import { authPanel } from "@web/lib/auth-panel";
import { useI18n } from "@web/lib/i18n";
import type { FeedPost } from "@worker/features/feed/feed.schema";
import { intlLocale } from "@worker/shared/locales";
import { useToggleLike } from "../api/toggle-like";
import type { FeedViewer } from "../viewer";

const ACTION = "inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-medium";

/** The heart and its count: toggles at once for a participant; asks a visitor to sign in; a count for a reader. */
export function LikeButton({ eventId, post, viewer }: { eventId: string; post: FeedPost; viewer: FeedViewer }) {
  const i18n = useI18n();
  const toggle = useToggleLike(eventId);
  const count = post.likesCount;
  const shown = new Intl.NumberFormat(intlLocale(i18n.locale)).format(count);
  if (viewer.kind === "reader")
    return (
      <span className={`${ACTION} text-slate-600`}>
        <HeartIcon filled={false} />
        <span aria-hidden>{shown}</span>
        <span className="sr-only">{i18n._("{count, plural, one {# like} other {# likes}}", { count })}</span>
      </span>
    );
  const liked = viewer.kind === "participant" && post.selfLike;
  return (
    <button
      type="button"
      aria-pressed={viewer.kind === "participant" ? liked : undefined}
      aria-label={i18n._("{count, plural, one {Like, # like} other {Like, # likes}}", { count })}
      onClick={() => {
        if (viewer.kind === "visitor") authPanel.open("login");
        else if (!toggle.isPending) toggle.mutate({ postId: post.id, liked });
      }}
      className={`${ACTION} ${liked ? "text-rose-600 hover:bg-rose-50" : "text-slate-600 hover:bg-slate-100"}`}
    >
      <HeartIcon filled={liked} />
      <span data-testid="likes-count">{shown}</span>
    </button>
  );
}
