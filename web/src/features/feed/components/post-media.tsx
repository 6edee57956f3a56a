import { useI18n } from "@web/lib/i18n";
import type { FeedPost } from "@worker/features/feed/feed.schema";
import { mediaAspect, mediaKind } from "../media-rules";

/** The media box's width: the whole card, or less for a tall one so it takes at most 60% of the screen's height. */
const boxStyle = (aspect: number) => ({ aspectRatio: String(aspect), width: `min(100%, calc(60dvh * ${aspect}))` });

/**
 * A post's photo or video in a box sized from its metadata before it loads, so nothing below moves.
 * Videos play inline on phones and fetch only their first bytes until played.
 */
export function PostMedia({ post }: { post: Pick<FeedPost, "media" | "mimeType" | "mediaMetadata" | "owner"> }) {
  const i18n = useI18n();
  if (!post.media) return null;
  const name = `${post.owner.firstName} ${post.owner.lastName}`;
  const kind = mediaKind(post.mimeType) ?? "image";
  const aspect = mediaAspect(kind, post.mediaMetadata);
  return (
    <div className="mx-auto overflow-hidden rounded-xl bg-slate-100" style={boxStyle(aspect)} data-testid="post-media">
      {kind === "video" ? (
        <video
          src={post.media}
          aria-label={i18n._("Video by {name}", { name })}
          controls
          playsInline
          preload="metadata"
          className="size-full bg-slate-900 object-contain"
        />
      ) : (
        <img
          src={post.media}
          alt={i18n._("Photo by {name}", { name })}
          loading="lazy"
          decoding="async"
          className="size-full object-contain"
        />
      )}
    </div>
  );
}
