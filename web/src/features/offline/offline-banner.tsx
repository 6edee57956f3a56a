import type { I18n } from "@lingui/core";
import { useQueryClient } from "@tanstack/react-query";
import { useOnline } from "@web/hooks/use-online";
import { isNetworkError } from "@web/lib/api-client";
import { useI18n } from "@web/lib/i18n";
import { experienceKeys } from "@web/lib/queries/query-keys";
import { viewerTimeZone } from "@web/lib/viewer-time-zone";
import type { ExperienceDetail } from "@worker/features/experiences/experiences.schema";
import { formatDay, formatTimeInZone, localDate } from "@worker/shared/time-zone";

/** 'Offline — updated 10:42 AM EST': when the shown data was fetched, on the reader's own clock (with its day when not today). */
function offlineLabel(i18n: I18n, updatedAt: number, zone: string, now = Date.now()): string {
  const day = localDate(updatedAt, zone);
  const time = formatTimeInZone(updatedAt, zone);
  return day === localDate(now, zone)
    ? i18n._("Offline — updated {time}", { time })
    : i18n._("Offline — updated {day}, {time}", { day: formatDay(day), time });
}

/**
 * At the top of the event page while the browser is offline, or the experience could not be fetched for want of a
 * network: the page shows what was kept on this device, and says how old it is. It stands in the page's flow, above
 * the header: the only offline notice floating over the page's foot (and its tab bar) is the shell's 'You are offline'
 * toast, spec 1's own, so the two never stack.
 */
export function OfflineBanner({ event }: { event: Pick<ExperienceDetail, "id"> }) {
  const i18n = useI18n();
  const online = useOnline();
  const state = useQueryClient().getQueryState(experienceKeys.detail(event.id));
  if (online && !isNetworkError(state?.error)) return null;
  return (
    <p
      role="status"
      data-testid="offline-banner"
      className="mb-3 w-fit max-w-full rounded-full bg-slate-900 px-4 py-1.5 text-sm font-medium text-white"
    >
      {state?.dataUpdatedAt ? offlineLabel(i18n, state.dataUpdatedAt, viewerTimeZone()) : i18n._("Offline")}
    </p>
  );
}
