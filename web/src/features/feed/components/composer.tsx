import { useId, useRef, useState } from "react";
import { FEED_MESSAGES, POST_TITLE_MAX } from "@worker/features/feed/feed.schema";
import { useNeedsConnection } from "@web/hooks/use-needs-connection";
import { Button } from "@web/components/ui/button";
import { DropZone } from "@web/components/ui/drop-zone";
import { useCreatePost } from "../api/create-post";
import { MEDIA_ACCEPT, mediaProblem } from "../media-rules";
import { MediaPreview } from "./media-preview";
import { UploadProgress } from "./upload-progress";

/**
 * Writes a post: text and at most one photo or video, dropped or chosen (spec 2 §5: Post is disabled with
 * neither; a file of another type is refused here, before any upload). It empties itself once the post is live.
 */
export function Composer({ eventId }: { eventId: string }) {
  const [title, setTitle] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const textId = useId();
  const problemId = useId();
  const create = useCreatePost(eventId);
  const busy = create.isPending;
  const network = useNeedsConnection();
  const canPost = !busy && !network.offline && (title.trim() !== "" || file !== null);

  const choose = (files: FileList | null) => {
    const chosen = files?.[0];
    if (!chosen || busy) return;
    const refusal = mediaProblem(chosen);
    setProblem(refusal);
    if (!refusal) setFile(chosen);
  };

  const removeFile = () => {
    setFile(null);
    if (fileInput.current) fileInput.current.value = "";
  };

  return (
    <form
      aria-label="New post"
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      onSubmit={(event) => {
        event.preventDefault();
        if (!canPost) return;
        create.mutate(
          { title: title.trim(), file, onProgress: setProgress },
          {
            onSuccess: () => {
              setTitle("");
              setProblem(null);
              removeFile();
            },
            onSettled: () => setProgress(null),
          },
        );
      }}
    >
      <label htmlFor={textId} className="sr-only">
        What's happening?
      </label>
      <textarea
        id={textId}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        maxLength={POST_TITLE_MAX}
        rows={3}
        disabled={busy}
        placeholder="Share something with everyone here..."
        className="block w-full resize-y rounded-xl border border-slate-300 px-3.5 py-2.5 text-slate-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none disabled:bg-slate-50"
      />
      {file ? (
        <MediaPreview file={file} onRemove={removeFile} disabled={busy} />
      ) : (
        <DropZone onFiles={choose} testId="media-drop" className="py-3">
          <p className="text-sm text-slate-600">
            Drop a photo or video here, or{" "}
            <button
              type="button"
              className="font-semibold text-brand-700 hover:text-brand-800"
              onClick={() => fileInput.current?.click()}
              disabled={busy}
            >
              choose a file
            </button>
          </p>
        </DropZone>
      )}
      <input
        ref={fileInput}
        type="file"
        accept={MEDIA_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-label="Photo or video"
        aria-describedby={problem ? problemId : undefined}
        onChange={(event) => choose(event.target.files)}
      />
      {problem && (
        <p id={problemId} role="alert" className="text-sm text-rose-700">
          {problem}
        </p>
      )}
      {progress !== null && file && <UploadProgress percent={progress} />}
      <div className="flex justify-end">
        <Button type="submit" disabled={!canPost} title={canPost || busy ? undefined : FEED_MESSAGES.emptyPost} {...network.props}>
          {busy ? "Posting..." : "Post"}
        </Button>
        {network.reason}
      </div>
    </form>
  );
}
