import { TrashIcon } from "@web/components/ui/icons";
import { Picture } from "@web/components/ui/picture";
import { UserText } from "@web/components/ui/user-text";
import { useSeenFrom } from "@web/hooks/use-time-view";
import { useI18n } from "@web/lib/i18n";
import type { Bulletin } from "@worker/features/bulletin/bulletin.schema";
import { formatDateTimeInZone } from "@worker/shared/time-zone";

/**
 * One bulletin: title, the description with its line breaks, its image in a box reserved before it loads, and when it
 * was posted, on the experience's clock (`timeZone`) or the reader's, as they chose.
 */
export function BulletinCard({ bulletin, timeZone, onDelete }: { bulletin: Bulletin; timeZone: string; onDelete?: () => void }) {
  const i18n = useI18n();
  const seenFrom = useSeenFrom(timeZone);
  const author = bulletin.author ? `${bulletin.author.firstName} ${bulletin.author.lastName}`.trim() : null;
  return (
    <article aria-labelledby={`bulletin-${bulletin.id}`} className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <header className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <h2 id={`bulletin-${bulletin.id}`} className="font-semibold break-words text-slate-900">
            <UserText>{bulletin.title}</UserText>
          </h2>
          <p className="text-xs text-slate-500">
            <time dateTime={bulletin.timestamp}>{formatDateTimeInZone(Date.parse(bulletin.timestamp), seenFrom ?? timeZone)}</time>
            {author && (
              <>
                {" · "}
                <UserText>{author}</UserText>
              </>
            )}
          </p>
        </div>
        {onDelete && (
          <button
            type="button"
            onClick={onDelete}
            aria-label={i18n._("Delete bulletin {title}", { title: bulletin.title })}
            className="grid size-9 shrink-0 place-items-center rounded-full text-slate-500 hover:bg-rose-50 hover:text-rose-700"
          >
            <TrashIcon />
          </button>
        )}
      </header>
      <UserText as="p" className="break-words whitespace-pre-line text-sm text-slate-700">
        {bulletin.description}
      </UserText>
      {bulletin.media && (
        <div className="aspect-video overflow-hidden rounded-xl bg-slate-100">
          <Picture
            src={bulletin.media}
            name={bulletin.title}
            alt={i18n._("Image for {title}", { title: bulletin.title })}
            loading="lazy"
            className="size-full object-contain"
          />
        </div>
      )}
    </article>
  );
}
