import { Link } from "react-router-dom";
import { UserText } from "@web/components/ui/user-text";
import { formatDateRange } from "@web/lib/dates";
import { experienceFacts } from "@web/lib/experience-words";
import { useI18n } from "@web/lib/i18n";
import { Trans } from "@web/lib/trans";
import type { ExperienceListItem } from "@worker/features/experiences/experiences.schema";
import { CoverPicture } from "./cover-picture";

const ROLE_LABEL = { host: /*i18n*/ "Host", guest: /*i18n*/ "Guest", invited: /*i18n*/ "Invited" } as const;

/** An experience in a list: when, how long, how many are going; who runs it only when it is someone else's. */
export function ExperienceCard({ event, to }: { event: ExperienceListItem; to: string }) {
  const i18n = useI18n();
  const [status, ...facts] = experienceFacts(event);
  return (
    <Link
      to={to}
      className="group flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md"
      data-testid="event-card"
    >
      <div className="relative aspect-[16/9] bg-gradient-to-br from-brand-500 to-fuchsia-500">
        {event.image && (
          <CoverPicture
            name={event.name}
            src={event.image.thumbnail}
            sizes="(min-width: 1024px) 320px, (min-width: 640px) 50vw, 100vw"
            loading="lazy"
          />
        )}
        <div className="absolute start-2 top-2 flex gap-1.5">
          <span className="rounded-full bg-white/90 px-2 py-0.5 text-xs font-semibold text-slate-800">{status}</span>
          {event.privacy === "PRIVATE" && (
            <span className="rounded-full bg-slate-900/75 px-2 py-0.5 text-xs font-medium text-white">{i18n._("Private")}</span>
          )}
        </div>
        {event.role !== "owner" && (
          <span className="absolute end-2 top-2 rounded-full bg-white/90 px-2 py-0.5 text-xs font-medium text-slate-800">
            {i18n._(ROLE_LABEL[event.role])}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <UserText as="h2" className="line-clamp-2 font-semibold text-slate-900 group-hover:text-brand-700">
          {event.name}
        </UserText>
        <p className="text-sm text-slate-600">{formatDateRange(event.startTime, event.endTime, event.timeZone)}</p>
        <p className="text-sm text-slate-600">{facts.join(" · ")}</p>
        {event.role !== "owner" && (
          <p className="mt-auto pt-2 text-xs text-slate-600">
            <Trans
              id="by <0>{name}</0>"
              values={{ name: `${event.owner.firstName} ${event.owner.lastName}`.trim() }}
              components={{ 0: <UserText /> }}
            />
          </p>
        )}
      </div>
    </Link>
  );
}
