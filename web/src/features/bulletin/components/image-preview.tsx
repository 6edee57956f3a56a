import { useEffect, useState } from "react";
import { CloseIcon } from "../../../components/ui/icons";

/** The chosen image in the same box the list shows it in, with a button to remove it. */
export function ImagePreview({ file, onRemove, disabled }: { file: File; onRemove: () => void; disabled: boolean }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);

  return (
    <div className="relative aspect-video overflow-hidden rounded-xl bg-slate-100">
      {url && <img src={url} alt={`Image to post: ${file.name}`} className="size-full object-contain" />}
      <button
        type="button"
        onClick={onRemove}
        disabled={disabled}
        aria-label={`Remove ${file.name}`}
        className="absolute top-2 right-2 grid size-8 place-items-center rounded-full bg-slate-900/70 text-white hover:bg-slate-900 disabled:opacity-50"
      >
        <CloseIcon />
      </button>
    </div>
  );
}
