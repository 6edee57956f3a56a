/**
 * Floats at the top of the screen while new posts wait above the reader; pressing it brings them up. Its
 * polite live region is always there, so each new count is announced when it appears.
 */
export function NewPostsPill({ count, onShow }: { count: number; onShow: () => void }) {
  return (
    <div role="status" aria-live="polite" className="pointer-events-none sticky top-20 z-30 flex h-0 justify-center">
      {count > 0 && (
        <button
          type="button"
          onClick={onShow}
          className="pointer-events-auto inline-flex h-9 items-center gap-1.5 rounded-full bg-brand-600 px-4 text-sm font-semibold text-white shadow-lg hover:bg-brand-700"
        >
          <svg viewBox="0 0 20 20" className="size-4" fill="currentColor" aria-hidden>
            <path
              fillRule="evenodd"
              d="M10 17a.75.75 0 0 1-.75-.75V5.612L5.29 9.77a.75.75 0 0 1-1.08-1.04l5.25-5.5a.75.75 0 0 1 1.08 0l5.25 5.5a.75.75 0 1 1-1.08 1.04l-3.96-4.158V16.25A.75.75 0 0 1 10 17Z"
              clipRule="evenodd"
            />
          </svg>
          {count} new {count === 1 ? "post" : "posts"}
        </button>
      )}
    </div>
  );
}
