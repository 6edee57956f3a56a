import { useId, useState } from "react";
import { AttachmentField } from "@web/components/ui/attachment-field";
import { Button } from "@web/components/ui/button";
import { useAttachment } from "@web/hooks/use-attachment";
import { useNeedsConnection } from "@web/hooks/use-needs-connection";
import { useI18n } from "@web/lib/i18n";
import { Trans } from "@web/lib/trans";
import { FEED_MESSAGES, POST_TITLE_MAX } from "@worker/features/feed/feed.schema";
import { useCreatePost } from "../api/create-post";
import { MEDIA_ACCEPT, mediaProblem } from "../media-rules";
import { MediaPreview } from "./media-preview";
import { UploadProgress } from "./upload-progress";

/**
 * Writes a post: text and at most one photo or video, dropped or chosen (spec 2 §5: Post is disabled with
 * neither; a file of another type is refused here, before any upload). It empties itself once the post is live.
 */
export function Composer({ eventId }: { eventId: string }) {
  const i18n = useI18n();
  const [title, setTitle] = useState("");
  const [progress, setProgress] = useState<number | null>(null);
  const textId = useId();
  const create = useCreatePost(eventId);
  const busy = create.isPending;
  const media = useAttachment({ problemOf: (files) => mediaProblem(files[0]!), busy });
  const file = media.file;
  const network = useNeedsConnection();
  const canPost = !busy && !network.offline && (title.trim() !== "" || file !== null);

  return (
    <form
      aria-label={i18n._("New post")}
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      onSubmit={(event) => {
        event.preventDefault();
        if (!canPost) return;
        create.mutate(
          { title: title.trim(), file, onProgress: setProgress },
          {
            onSuccess: () => {
              setTitle("");
              media.reset();
            },
            onSettled: () => setProgress(null),
          },
        );
      }}
    >
      <label htmlFor={textId} className="sr-only">
        {i18n._("What's happening?")}
      </label>
      <textarea
        id={textId}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        maxLength={POST_TITLE_MAX}
        rows={3}
        disabled={busy}
        placeholder={i18n._("Share something with everyone here...")}
        className="block w-full resize-y rounded-xl border border-slate-300 px-3.5 py-2.5 text-slate-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none disabled:bg-slate-50"
      />
      <AttachmentField
        attachment={media}
        preview={(chosen) => <MediaPreview file={chosen} onRemove={media.remove} disabled={busy} />}
        label={i18n._("Photo or video")}
        accept={MEDIA_ACCEPT}
        prompt={(choose) => <Trans id="Drop a photo or video here, or <0>choose a file</0>" components={{ 0: choose }} />}
        testId="media-drop"
      />
      {progress !== null && file && <UploadProgress percent={progress} />}
      <div className="flex justify-end">
        <Button type="submit" disabled={!canPost} title={canPost || busy ? undefined : i18n._(FEED_MESSAGES.emptyPost)} {...network.props}>
          {busy ? i18n._("Posting...") : i18n._("Post")}
        </Button>
        {network.reason}
      </div>
    </form>
  );
}
