import type { ComponentType } from "react";
import type { PublicItinerary } from "@worker/features/itinerary/itinerary.schema";
import { shareUrl } from "@web/lib/copy-link";
import { shareLink } from "./share-link";

/** Join or Request to join (features/rsvp), handed in by the app's router. */
export type PublicJoinSlot = ComponentType<{ experience: PublicItinerary }>;

const SECONDARY =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-white px-4 text-sm font-semibold whitespace-nowrap text-slate-800 ring-1 ring-slate-300 ring-inset hover:bg-slate-50";

const calendarUrl = (eventId: string) => `/oapi/itinerary/${encodeURIComponent(eventId)}/calendar.ics`;

/** What a guest came for, under the experience's title: join it, put its activities in a calendar, pass the link on. */
export function PublicActions({ itinerary, join: Join }: { itinerary: PublicItinerary; join: PublicJoinSlot }) {
  const pageUrl = shareUrl(itinerary.id);
  return (
    <div className="flex flex-col gap-3 border-t border-slate-100 pt-4 sm:flex-row sm:items-center sm:justify-between">
      <Join experience={itinerary} />
      <div className="grid shrink-0 grid-cols-[1fr_auto] gap-2 sm:flex">
        {/* A plain link: the Worker answers it as an attachment, and a phone hands it to its calendar. */}
        <a href={calendarUrl(itinerary.id)} className={SECONDARY}>
          <CalendarIcon />
          Add to calendar
        </a>
        <button type="button" className={SECONDARY} onClick={() => void shareLink(pageUrl, itinerary.name)}>
          <ShareIcon />
          Share
        </button>
      </div>
    </div>
  );
}

function CalendarIcon() {
  return (
    <svg viewBox="0 0 20 20" className="size-4 text-slate-500" fill="currentColor" aria-hidden>
      <path
        fillRule="evenodd"
        d="M5.75 2a.75.75 0 0 1 .75.75V4h7V2.75a.75.75 0 0 1 1.5 0V4h.25A2.75 2.75 0 0 1 18 6.75v8.5A2.75 2.75 0 0 1 15.25 18H4.75A2.75 2.75 0 0 1 2 15.25v-8.5A2.75 2.75 0 0 1 4.75 4H5V2.75A.75.75 0 0 1 5.75 2Zm-1 5.5c-.69 0-1.25.56-1.25 1.25v6.5c0 .69.56 1.25 1.25 1.25h10.5c.69 0 1.25-.56 1.25-1.25v-6.5c0-.69-.56-1.25-1.25-1.25H4.75Z"
        clipRule="evenodd"
      />
    </svg>
  );
}

function ShareIcon() {
  return (
    <svg viewBox="0 0 20 20" className="size-4 text-slate-500" fill="currentColor" aria-hidden>
      <path d="M13 4.5a2.5 2.5 0 1 1 .702 1.737L6.97 9.604a2.518 2.518 0 0 1 0 .792l6.733 3.367a2.5 2.5 0 1 1-.671 1.341l-6.733-3.367a2.5 2.5 0 1 1 0-3.475l6.733-3.366A2.52 2.52 0 0 1 13 4.5Z" />
    </svg>
  );
}
