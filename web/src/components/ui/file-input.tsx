import type { Ref } from "react";

/**
 * The hidden file input behind a drop zone's "choose" button: it hands over the files chosen, then empties
 * itself, so choosing the same file again is seen.
 */
export function FileInput({
  ref,
  accept,
  label,
  multiple,
  onFiles,
}: {
  ref: Ref<HTMLInputElement>;
  accept: string;
  label: string;
  multiple?: boolean;
  onFiles: (files: File[]) => void;
}) {
  return (
    <input
      ref={ref}
      type="file"
      multiple={multiple}
      accept={accept}
      className="sr-only"
      tabIndex={-1}
      aria-label={label}
      onChange={(e) => {
        const files = [...(e.target.files ?? [])];
        e.target.value = "";
        onFiles(files);
      }}
    />
  );
}
