import { Link } from "react-router-dom";
import { formatDateRange } from "../../lib/dates";
import type { EventListItem } from "../../../../worker/features/events/events.schema";

const ROLE_LABEL = { owner: "Owner", host: "Host", guest: "Guest" } as const;

export function EventCard({ event, to }: { event: EventListItem; to: string }) {
  return (
    <Link
      to={to}
      className="group flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md"
      data-testid="event-card"
    >
      <div className="relative aspect-[16/9] bg-gradient-to-br from-brand-500 to-fuchsia-500">
        {event.image && <img src={event.image.thumbnail} alt="" loading="lazy" className="absolute inset-0 size-full object-cover" />}
        {event.privacy === "PRIVATE" && (
          <span className="absolute top-2 left-2 rounded-full bg-slate-900/70 px-2 py-0.5 text-xs font-medium text-white">Private</span>
        )}
        <span className="absolute top-2 right-2 rounded-full bg-white/90 px-2 py-0.5 text-xs font-medium text-slate-800">{ROLE_LABEL[event.role]}</span>
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <h3 className="line-clamp-2 font-semibold text-slate-900 group-hover:text-brand-700">{event.name}</h3>
        <p className="text-sm text-slate-500">{formatDateRange(event.startTime, event.endTime)}</p>
        <p className="mt-auto pt-2 text-xs text-slate-500">
          by {event.owner.firstName} {event.owner.lastName}
        </p>
      </div>
    </Link>
  );
}
