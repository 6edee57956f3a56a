import { useId } from "react";
import { UserText } from "@web/components/ui/user-text";
import { useOpenableUrl, useRemoveSavedFile, useSavedFiles } from "@web/hooks/use-saved-files";
import { useI18n } from "@web/lib/i18n";
import { formatSize, type SavedFile } from "@web/lib/saved-files";

/**
 * At the foot of the Documents tab (nothing above it moves when it appears): 'Saved on this device: 3 files, 4.2 MB', and each saved file to open (from the device when
 * offline) or remove. Nothing shows until something is saved.
 */
export function SavedOnThisDevice() {
  const i18n = useI18n();
  const files = useSavedFiles();
  const headingId = useId();
  if (!files.data || files.data.length === 0) return null;
  const total = files.data.reduce((sum, file) => sum + file.size, 0);
  return (
    <details className="mt-8 rounded-xl border border-slate-200 bg-white text-sm">
      <summary className="flex min-h-11 cursor-pointer items-center px-4 font-medium text-slate-800">
        <span id={headingId}>
          {i18n._("Saved on this device: {count, plural, one {# file} other {# files}}, {size}", {
            count: files.data.length,
            size: formatSize(total),
          })}
        </span>
      </summary>
      <ul aria-labelledby={headingId} className="divide-y divide-slate-100 border-t border-slate-100">
        {files.data.map((file) => (
          <SavedRow key={file.url} file={file} />
        ))}
      </ul>
    </details>
  );
}

function SavedRow({ file }: { file: SavedFile }) {
  const i18n = useI18n();
  const href = useOpenableUrl(file.url);
  const remove = useRemoveSavedFile();
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2">
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        className="min-w-0 flex-1 truncate font-medium text-brand-700 hover:underline"
      >
        <UserText>{file.name}</UserText>
      </a>
      <span className="shrink-0 text-slate-500">{formatSize(file.size)}</span>
      <button
        type="button"
        onClick={() => remove.mutate(file.url)}
        aria-label={i18n._("Remove from this device: {name}", { name: file.name })}
        className="min-h-11 shrink-0 rounded-lg px-2 font-medium text-slate-600 hover:bg-slate-100 sm:min-h-8"
      >
        {i18n._("Remove from this device")}
      </button>
    </li>
  );
}
