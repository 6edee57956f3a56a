import { fullTime, timeAgo } from "../relative-time";

export function TimeAgo({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={fullTime.format(new Date(iso))} className="text-xs text-slate-500">
      {timeAgo(iso)}
    </time>
  );
}
