import { RemoveFileButton, useObjectUrl } from "@web/components/ui/file-preview";

/** The chosen image in the same box the list shows it in, with a button to remove it. */
export function ImagePreview({ file, onRemove, disabled }: { file: File; onRemove: () => void; disabled: boolean }) {
  const url = useObjectUrl(file);
  return (
    <div className="relative aspect-video overflow-hidden rounded-xl bg-slate-100">
      {url && <img src={url} alt={`Image to post: ${file.name}`} className="size-full object-contain" />}
      <RemoveFileButton file={file} onRemove={onRemove} disabled={disabled} />
    </div>
  );
}
