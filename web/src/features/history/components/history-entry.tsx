import { Avatar } from "@web/components/ui/avatar";
import { UserText } from "@web/components/ui/user-text";
import type { HistoryEntry } from "@worker/features/history/history.schema";
import { formatDateTimeInZone } from "@worker/shared/time-zone";

/** One change: who (name and picture), when (on the experience's clock, with its zone), what, and old → new. */
export function HistoryEntryRow({ entry, timeZone }: { entry: HistoryEntry; timeZone: string }) {
  const name = entry.person ? `${entry.person.firstName} ${entry.person.lastName}`.trim() : "Someone no longer here";
  return (
    <li className="flex gap-3 py-3">
      <Avatar src={entry.person?.profilePic?.thumbnail} name={name} className="size-9 shrink-0" />
      <div className="min-w-0 flex-1">
        <p className="text-sm text-slate-600">
          <UserText className="font-semibold text-slate-900">{name}</UserText>
          {" · "}
          <time dateTime={entry.at}>{formatDateTimeInZone(Date.parse(entry.at), timeZone)}</time>
        </p>
        <UserText as="p" className="mt-0.5 text-sm break-words text-slate-800">
          {entry.text}
        </UserText>
        {(entry.from !== null || entry.to !== null) && (
          <p className="mt-1 text-xs break-words text-slate-500">
            <span className="sr-only">From </span>
            <span className={entry.from === null ? "italic" : "line-through decoration-slate-400"}>{entry.from ?? "none"}</span>
            <span aria-hidden> → </span>
            <span className="sr-only"> to </span>
            <span className="font-medium text-slate-700">{entry.to ?? "none"}</span>
          </p>
        )}
      </div>
    </li>
  );
}
