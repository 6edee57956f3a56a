import { useEffect, useState } from "react";
import { useI18n } from "@web/lib/i18n";
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

/** The round button on a preview that takes the chosen file back: a 32 px circle inside a 44 px touch target. */
export function RemoveFileButton({ file, onRemove, disabled }: { file: File; onRemove: () => void; disabled: boolean }) {
  const i18n = useI18n();
  return (
    <button
      type="button"
      onClick={onRemove}
      disabled={disabled}
      aria-label={i18n._("Remove {name}", { name: file.name })}
      className="group absolute end-0.5 top-0.5 grid size-11 place-items-center rounded-full disabled:opacity-50"
    >
      <span className="grid size-8 place-items-center rounded-full bg-slate-900/70 text-white group-hover:bg-slate-900 group-disabled:bg-slate-900/70">
        <CloseIcon />
      </span>
    </button>
  );
}
