import { useQueryClient } from "@tanstack/react-query";
import { useOnline } from "@web/hooks/use-online";
import { isNetworkError } from "@web/lib/api-client";
import { experienceKeys } from "@web/lib/queries/query-keys";
import { viewerTimeZone } from "@web/lib/viewer-time-zone";
import type { ExperienceDetail } from "@worker/features/experiences/experiences.schema";
import { formatDay, formatTimeInZone, localDate } from "@worker/shared/time-zone";

/** 'Offline — updated 10:42 AM EST': when the shown data was fetched, on the reader's own clock (with its day when not today). */
function offlineLabel(updatedAt: number, zone: string, now = Date.now()): string {
  const day = localDate(updatedAt, zone);
  const when = formatTimeInZone(updatedAt, zone);
  return `Offline — updated ${day === localDate(now, zone) ? when : `${formatDay(day)}, ${when}`}`;
}

/**
 * Over the event page's foot while the browser is offline, or the experience could not be fetched for want of a
 * network: the page shows what was kept on this device, and says how old it is. It floats, so nothing moves.
 */
export function OfflineBanner({ event }: { event: Pick<ExperienceDetail, "id"> }) {
  const online = useOnline();
  const state = useQueryClient().getQueryState(experienceKeys.detail(event.id));
  if (online && !isNetworkError(state?.error)) return null;
  return (
    <p
      role="status"
      className="fixed inset-x-3 bottom-[calc(0.75rem+var(--toast-space,0px))] z-30 mx-auto w-fit max-w-[calc(100%-1.5rem)] rounded-full bg-slate-900 px-4 py-2 text-center text-sm font-medium text-white shadow-lg"
    >
      {state?.dataUpdatedAt ? offlineLabel(state.dataUpdatedAt, viewerTimeZone()) : "Offline"}
    </p>
  );
}
