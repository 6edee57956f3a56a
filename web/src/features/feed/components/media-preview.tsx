import { useEffect, useState } from "react";
import { RemoveFileButton, useObjectUrl } from "@web/components/ui/file-preview";
import { useI18n } from "@web/lib/i18n";
import { fileKind, mediaAspect } from "../media-rules";

type Size = { width: number; height: number };

/** The chosen photo or video, in its own proportions once its size is read, with a button to remove it. */
export function MediaPreview({ file, onRemove, disabled }: { file: File; onRemove: () => void; disabled: boolean }) {
  const i18n = useI18n();
  const url = useObjectUrl(file);
  const [size, setSize] = useState<Size | null>(null);
  const kind = fileKind(file) === "video" ? "video" : "image";

  // A new file's size is unknown until it loads.
  useEffect(() => setSize(null), [file]);

  const aspect = mediaAspect(kind, size);
  return (
    <div
      className="relative mx-auto overflow-hidden rounded-xl bg-slate-100"
      style={{ aspectRatio: String(aspect), width: `min(100%, calc(40dvh * ${aspect}))` }}
    >
      {url &&
        (kind === "video" ? (
          <video
            src={url}
            muted
            playsInline
            controls
            preload="metadata"
            aria-label={i18n._("Video to post: {name}", { name: file.name })}
            onLoadedMetadata={(event) => setSize({ width: event.currentTarget.videoWidth, height: event.currentTarget.videoHeight })}
            className="size-full bg-slate-900 object-contain"
          />
        ) : (
          <img
            src={url}
            alt={i18n._("Photo to post: {name}", { name: file.name })}
            onLoad={(event) => setSize({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })}
            className="size-full object-contain"
          />
        ))}
      <RemoveFileButton file={file} onRemove={onRemove} disabled={disabled} />
    </div>
  );
}
