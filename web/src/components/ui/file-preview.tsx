import { useEffect, useState } from "react";
import { CloseIcon } from "./icons";

/** A local URL for a chosen file while it is shown, revoked when the file changes or the preview goes away. */
export function useObjectUrl(file: File): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

/** The round button on a preview that takes the chosen file back. */
export function RemoveFileButton({ file, onRemove, disabled }: { file: File; onRemove: () => void; disabled: boolean }) {
  return (
    <button
      type="button"
      onClick={onRemove}
      disabled={disabled}
      aria-label={`Remove ${file.name}`}
      className="absolute top-2 right-2 grid size-8 place-items-center rounded-full bg-slate-900/70 text-white hover:bg-slate-900 disabled:opacity-50"
    >
      <CloseIcon />
    </button>
  );
}
