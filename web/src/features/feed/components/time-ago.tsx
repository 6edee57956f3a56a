import { useSeenFrom } from "@web/hooks/use-time-view";
import { formatDateTimeInZone } from "@worker/shared/time-zone";
import { useFeedClock } from "../feed-clock";
import { timeAgo } from "../relative-time";

/** 'x min. ago'; pointed at, the moment on the experience's clock (or the reader's, as they chose): 'Mar 12, 2027, 09:00 AM WET'. */
export function TimeAgo({ iso }: { iso: string }) {
  const zone = useFeedClock();
  const seenFrom = useSeenFrom(zone);
  return (
    <time dateTime={iso} title={formatDateTimeInZone(Date.parse(iso), seenFrom ?? zone)} className="text-xs text-slate-500">
      {timeAgo(iso)}
    </time>
  );
}
