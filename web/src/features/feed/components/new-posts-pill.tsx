import { ArrowUpIcon } from "@web/components/ui/icons";
import { useI18n } from "@web/lib/i18n";

/**
 * Floats at the top of the screen while new posts wait above the reader; pressing it brings them up. Its
 * polite live region is always there, so each new count is announced when it appears.
 */
export function NewPostsPill({ count, onShow }: { count: number; onShow: () => void }) {
  const i18n = useI18n();
  return (
    <div role="status" aria-live="polite" className="pointer-events-none sticky top-20 z-30 flex h-0 justify-center">
      {count > 0 && (
        <button
          type="button"
          onClick={onShow}
          className="pointer-events-auto inline-flex h-9 items-center gap-1.5 rounded-full bg-brand-600 px-4 text-sm font-semibold text-white shadow-lg hover:bg-brand-700"
        >
          <ArrowUpIcon />
          {i18n._("{count, plural, one {# new post} other {# new posts}}", { count })}
        </button>
      )}
    </div>
  );
}
