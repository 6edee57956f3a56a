import type { ComponentType } from "react";
import { CalendarLink } from "@web/components/calendar-link/calendar-link";
import { ShareIcon } from "@web/components/ui/icons";
import { calendarUrl } from "@web/lib/calendar-links";
import { shareUrl } from "@web/lib/copy-link";
import { useI18n } from "@web/lib/i18n";
import type { PublicItinerary } from "@worker/shared/itinerary.schema";
import { shareLink } from "./share-link";

/** Join or Request to join (features/rsvp), handed in by the app's router. */
export type PublicJoinSlot = ComponentType<{ experience: PublicItinerary }>;

const SECONDARY =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-white px-4 text-sm font-semibold whitespace-nowrap text-slate-800 ring-1 ring-slate-300 ring-inset hover:bg-slate-50";

/** What a guest came for, under the experience's title: join it, put its activities in a calendar, pass the link on. */
export function PublicActions({ itinerary, join: Join }: { itinerary: PublicItinerary; join: PublicJoinSlot }) {
  const i18n = useI18n();
  const pageUrl = shareUrl(itinerary.id);
  return (
    <div className="flex flex-col gap-3 border-t border-slate-100 pt-4 sm:flex-row sm:items-center sm:justify-between">
      <Join experience={itinerary} />
      <div className="grid shrink-0 grid-cols-[1fr_auto] gap-2 sm:flex">
        <CalendarLink href={calendarUrl(itinerary.id)} className={SECONDARY} />
        <button type="button" className={SECONDARY} onClick={() => void shareLink(pageUrl, itinerary.name)}>
          <ShareIcon className="size-4 text-slate-500" />
          {i18n._("Share")}
        </button>
      </div>
    </div>
  );
}
