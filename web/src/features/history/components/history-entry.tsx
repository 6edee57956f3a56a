import { Avatar } from "@web/components/ui/avatar";
import { UserText } from "@web/components/ui/user-text";
import { useI18n } from "@web/lib/i18n";
import { Trans } from "@web/lib/trans";
import type { HistoryEntry } from "@worker/features/history/history.schema";
import { formatDateTimeInZone } from "@worker/shared/time-zone";

/** One change: who (name and picture), when (on the experience's clock, with its zone), what, and old → new. */
export function HistoryEntryRow({ entry, timeZone }: { entry: HistoryEntry; timeZone: string }) {
  const i18n = useI18n();
  const name = entry.person ? `${entry.person.firstName} ${entry.person.lastName}`.trim() : i18n._("Someone no longer here");
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
            <Trans
              id="<0>From </0><1>{from}</1><2> → </2><3> to </3><4>{to}</4>"
              // Elements, not strings: a value written like a tag ('<1>') stays text.
              values={{ from: <>{entry.from ?? i18n._("none")}</>, to: <>{entry.to ?? i18n._("none")}</> }}
              components={{
                0: <span className="sr-only" />,
                1: <span className={entry.from === null ? "italic" : "line-through decoration-slate-400"} />,
                2: <span aria-hidden />,
                3: <span className="sr-only" />,
                4: <span className="font-medium text-slate-700" />,
              }}
            />
          </p>
        )}
      </div>
    </li>
  );
}
