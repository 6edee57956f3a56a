import { useState } from "react";
import { AttachmentField } from "@web/components/ui/attachment-field";
import { Button } from "@web/components/ui/button";
import { TextAreaField, TextField } from "@web/components/ui/field";
import { useAttachment } from "@web/hooks/use-attachment";
import { useI18n } from "@web/lib/i18n";
import { Trans } from "@web/lib/trans";
import {
  BULLETIN_DESCRIPTION_MAX,
  BULLETIN_IMAGE_ACCEPT,
  BULLETIN_MESSAGES,
  BULLETIN_TITLE_MAX,
} from "@worker/features/bulletin/bulletin.schema";
import { usePostBulletin } from "../api/post-bulletin";
import { imageProblem } from "../image-rules";
import { ImagePreview } from "./image-preview";

/**
 * The owner's and hosts' form (spec 2 §5): title and description required (Post stays disabled until both
 * are written), and one optional JPEG, PNG or GIF image, dropped or chosen. It empties itself once posted.
 */
export function BulletinForm({ eventId }: { eventId: string }) {
  const i18n = useI18n();
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const post = usePostBulletin(eventId);
  const busy = post.isPending;
  const image = useAttachment({
    problemOf: (files) => (files.length > 1 ? i18n._(BULLETIN_MESSAGES.oneImage) : imageProblem(files[0]!)),
    busy,
  });
  const missing = !title.trim()
    ? i18n._(BULLETIN_MESSAGES.titleRequired)
    : !description.trim()
      ? i18n._(BULLETIN_MESSAGES.descriptionRequired)
      : null;

  return (
    <form
      aria-label={i18n._("New bulletin")}
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      onSubmit={(event) => {
        event.preventDefault();
        if (missing || busy) return;
        post.mutate(
          { title: title.trim(), description: description.trim(), image: image.file },
          {
            onSuccess: () => {
              setTitle("");
              setDescription("");
              image.reset();
            },
          },
        );
      }}
    >
      <TextField
        label={i18n._("Title")}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        maxLength={BULLETIN_TITLE_MAX}
        required
        disabled={busy}
      />
      <TextAreaField
        label={i18n._("Description")}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        maxLength={BULLETIN_DESCRIPTION_MAX}
        rows={4}
        required
        disabled={busy}
      />
      <AttachmentField
        attachment={image}
        preview={(file) => <ImagePreview file={file} onRemove={image.remove} disabled={busy} />}
        label={i18n._("Image")}
        accept={BULLETIN_IMAGE_ACCEPT}
        prompt={(choose) => <Trans id="Drop an image here (optional), or <0>choose one</0>" components={{ 0: choose }} />}
        hint={i18n._("JPEG, PNG or GIF")}
        testId="bulletin-image-drop"
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={Boolean(missing) || busy} title={busy ? undefined : (missing ?? undefined)}>
          {busy ? i18n._("Posting...") : i18n._("Post bulletin")}
        </Button>
      </div>
    </form>
  );
}
