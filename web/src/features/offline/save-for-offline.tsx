import { toast } from "@web/components/ui/toast";
import { useNeedsConnection } from "@web/hooks/use-needs-connection";
import { useRemoveSavedFile, useSavedFiles, useSaveFile } from "@web/hooks/use-saved-files";
import { useI18n } from "@web/lib/i18n";
import { formatSize, isSaved } from "@web/lib/saved-files";

const SAVE_FAILED = /*i18n*/ "The file could not be saved for offline use";

/**
 * Under a document on the Documents tab: 'Save for offline', or once saved its size and 'Remove from this device'
 * (under it: a card is narrow on a phone). Until the device's list is read, the row's height is held.
 */
export function SaveForOffline({ url, name }: { url: string; name: string }) {
  const i18n = useI18n();
  const files = useSavedFiles();
  const save = useSaveFile();
  const remove = useRemoveSavedFile();
  const network = useNeedsConnection();
  const saved = files.data?.find((file) => isSaved([file], url));
  const row = "flex min-h-11 items-center gap-2 text-xs sm:min-h-8";
  if (files.isPending) return <div className={row} aria-hidden />;
  if (saved)
    return (
      <div className="flex flex-col items-start text-xs">
        <span className="px-2 pt-1 text-emerald-700">{i18n._("Saved · {size}", { size: formatSize(saved.size) })}</span>
        <button
          type="button"
          onClick={() => remove.mutate(url)}
          aria-label={i18n._("Remove from this device: {name}", { name })}
          className="min-h-11 rounded-lg px-2 text-start font-medium text-slate-600 hover:bg-slate-100 sm:min-h-8"
        >
          {i18n._("Remove from this device")}
        </button>
      </div>
    );
  return (
    <div className={row}>
      <button
        type="button"
        disabled={save.isPending || network.offline}
        {...network.props}
        onClick={() => save.mutate({ url, name }, { onError: () => toast.error(i18n._(SAVE_FAILED)) })}
        aria-label={i18n._("Save for offline: {name}", { name })}
        className="min-h-11 rounded-lg px-2 font-medium text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-50 sm:min-h-8"
      >
        {save.isPending ? i18n._("Saving…") : i18n._("Save for offline")}
      </button>
      {network.reason}
    </div>
  );
}
