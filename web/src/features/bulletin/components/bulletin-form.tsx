import { useId, useRef, useState } from "react";
import {
  BULLETIN_DESCRIPTION_MAX,
  BULLETIN_IMAGE_ACCEPT,
  BULLETIN_MESSAGES,
  BULLETIN_TITLE_MAX,
} from "@worker/features/bulletin/bulletin.schema";
import { Button } from "@web/components/ui/button";
import { DropZone } from "@web/components/ui/drop-zone";
import { TextAreaField, TextField } from "@web/components/ui/field";
import { usePostBulletin } from "../api/post-bulletin";
import { imageProblem } from "../image-rules";
import { ImagePreview } from "./image-preview";

/**
 * The owner's and hosts' form (spec 2 §5): title and description required (Post stays disabled until both
 * are written), and one optional JPEG, PNG or GIF image, dropped or chosen. It empties itself once posted.
 */
export function BulletinForm({ eventId }: { eventId: string }) {
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [image, setImage] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const problemId = useId();
  const post = usePostBulletin(eventId);
  const busy = post.isPending;
  const missing = !title.trim() ? BULLETIN_MESSAGES.titleRequired : !description.trim() ? BULLETIN_MESSAGES.descriptionRequired : null;

  const choose = (files: FileList | null) => {
    if (!files?.length || busy) return;
    const refusal = files.length > 1 ? BULLETIN_MESSAGES.oneImage : imageProblem(files[0]!);
    setProblem(refusal);
    if (!refusal) setImage(files[0]!);
  };
  const removeImage = () => {
    setImage(null);
    if (fileInput.current) fileInput.current.value = "";
  };

  return (
    <form
      aria-label="New bulletin"
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      onSubmit={(event) => {
        event.preventDefault();
        if (missing || busy) return;
        post.mutate(
          { title: title.trim(), description: description.trim(), image },
          {
            onSuccess: () => {
              setTitle("");
              setDescription("");
              setProblem(null);
              removeImage();
            },
          },
        );
      }}
    >
      <TextField
        label="Title"
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        maxLength={BULLETIN_TITLE_MAX}
        required
        disabled={busy}
      />
      <TextAreaField
        label="Description"
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        maxLength={BULLETIN_DESCRIPTION_MAX}
        rows={4}
        required
        disabled={busy}
      />
      {image ? (
        <ImagePreview file={image} onRemove={removeImage} disabled={busy} />
      ) : (
        <DropZone onFiles={choose} testId="bulletin-image-drop" className="py-3">
          <p className="text-sm text-slate-600">
            Drop an image here (optional), or{" "}
            <button
              type="button"
              className="font-semibold text-brand-700 hover:text-brand-800"
              onClick={() => fileInput.current?.click()}
              disabled={busy}
            >
              choose one
            </button>
          </p>
          <p className="text-xs text-slate-500">JPEG, PNG or GIF</p>
        </DropZone>
      )}
      <input
        ref={fileInput}
        type="file"
        accept={BULLETIN_IMAGE_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-label="Image"
        aria-describedby={problem ? problemId : undefined}
        onChange={(event) => choose(event.target.files)}
      />
      {problem && (
        <p id={problemId} role="alert" className="text-sm text-rose-700">
          {problem}
        </p>
      )}
      <div className="flex justify-end">
        <Button type="submit" disabled={Boolean(missing) || busy} title={busy ? undefined : (missing ?? undefined)}>
          {busy ? "Posting..." : "Post bulletin"}
        </Button>
      </div>
    </form>
  );
}
