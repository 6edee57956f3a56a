import { RemoveFileButton, useObjectUrl } from "@web/components/ui/file-preview";
import { useI18n } from "@web/lib/i18n";

/** The chosen image in the same box the list shows it in, with a button to remove it. */
export function ImagePreview({ file, onRemove, disabled }: { file: File; onRemove: () => void; disabled: boolean }) {
  const i18n = useI18n();
  const url = useObjectUrl(file);
  return (
    <div className="relative aspect-video overflow-hidden rounded-xl bg-slate-100">
      {url && <img src={url} alt={i18n._("Image to post: {name}", { name: file.name })} className="size-full object-contain" />}
      <RemoveFileButton file={file} onRemove={onRemove} disabled={disabled} />
    </div>
  );
}
