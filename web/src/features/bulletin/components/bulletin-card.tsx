import type { Bulletin } from "../../../../../worker/features/bulletin/bulletin.schema";

const postedAt = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/** One bulletin: title, the description with its line breaks, its image in a box reserved before it loads, and when it was posted. */
export function BulletinCard({ bulletin, onDelete }: { bulletin: Bulletin; onDelete?: () => void }) {
  const author = bulletin.author ? `${bulletin.author.firstName} ${bulletin.author.lastName}`.trim() : null;
  return (
    <article aria-labelledby={`bulletin-${bulletin.id}`} className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <header className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <h3 id={`bulletin-${bulletin.id}`} className="font-semibold break-words text-slate-900">
            {bulletin.title}
          </h3>
          <p className="text-xs text-slate-500">
            <time dateTime={bulletin.timestamp}>{postedAt.format(new Date(bulletin.timestamp))}</time>
            {author && <> · {author}</>}
          </p>
        </div>
        {onDelete && (
          <button
            type="button"
            onClick={onDelete}
            aria-label={`Delete bulletin ${bulletin.title}`}
            className="grid size-9 shrink-0 place-items-center rounded-full text-slate-500 hover:bg-rose-50 hover:text-rose-700"
          >
            <svg viewBox="0 0 20 20" className="size-5" fill="currentColor" aria-hidden>
              <path
                fillRule="evenodd"
                d="M8.75 1A2.75 2.75 0 0 0 6 3.75v.443c-.795.077-1.584.176-2.365.298a.75.75 0 1 0 .23 1.482l.149-.022.841 10.518A2.75 2.75 0 0 0 7.596 19h4.807a2.75 2.75 0 0 0 2.742-2.53l.841-10.52.149.023a.75.75 0 0 0 .23-1.482A41.03 41.03 0 0 0 14 4.193V3.75A2.75 2.75 0 0 0 11.25 1h-2.5ZM10 4c.84 0 1.673.025 2.5.075V3.75c0-.69-.56-1.25-1.25-1.25h-2.5c-.69 0-1.25.56-1.25 1.25v.325C8.327 4.025 9.16 4 10 4ZM8.58 7.72a.75.75 0 0 0-1.5.06l.3 7.5a.75.75 0 1 0 1.5-.06l-.3-7.5Zm4.34.06a.75.75 0 1 0-1.5-.06l-.3 7.5a.75.75 0 1 0 1.5.06l.3-7.5Z"
                clipRule="evenodd"
              />
            </svg>
          </button>
        )}
      </header>
      <p className="break-words whitespace-pre-line text-sm text-slate-700">{bulletin.description}</p>
      {bulletin.media && (
        <div className="aspect-video overflow-hidden rounded-xl bg-slate-100">
          <img src={bulletin.media} alt={`Image for ${bulletin.title}`} loading="lazy" className="size-full object-contain" />
        </div>
      )}
    </article>
  );
}
