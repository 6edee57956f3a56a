import { Button } from "@web/components/ui/button";
import { IconButton } from "@web/components/ui/icon-button";
import { ArrowUpIcon, TrashIcon } from "@web/components/ui/icons";
import { UserText } from "@web/components/ui/user-text";
import { useI18n } from "@web/lib/i18n";
import type { SignupList } from "@worker/features/signups/signups.schema";
import type { SignupChange } from "../api/change-signups";

type Listed = SignupList["going"][number] & { position?: number };

const icon = "grid size-11 place-items-center text-slate-600 disabled:opacity-40 sm:size-8";

/**
 * One person on an activity's list: who holds a place can be removed; who waits can also be given a place now or moved
 * up and down the queue (`last`: the queue's length, so the bottom one cannot move down).
 */
export function SignupRow({
  row,
  last,
  busy,
  onChange,
}: {
  row: Listed;
  last?: number;
  busy: boolean;
  onChange: (change: SignupChange) => void;
}) {
  const i18n = useI18n();
  const name = `${row.person.firstName} ${row.person.lastName}`.trim();
  const userId = row.person.guid;
  const { position } = row;
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-1">
      <span className="min-w-0">
        {position !== undefined && <span className="text-slate-500">#{position} </span>}
        <UserText className="font-medium text-slate-900">{name}</UserText> <span className="text-slate-500">{row.emailId}</span>
      </span>
      <span className="flex items-center gap-1">
        {position !== undefined && (
          <>
            <Button
              variant="secondary"
              disabled={busy}
              aria-label={i18n._("Give a place to {name}", { name })}
              onClick={() => onChange({ action: "promote", userId })}
            >
              {i18n._("Give a place")}
            </Button>
            <IconButton
              label={i18n._("Move {name} up", { name })}
              className={icon}
              disabled={busy || position === 1}
              onClick={() => onChange({ action: "move", userId, position: position - 1 })}
            >
              <ArrowUpIcon />
            </IconButton>
            <IconButton
              label={i18n._("Move {name} down", { name })}
              className={icon}
              disabled={busy || position === last}
              onClick={() => onChange({ action: "move", userId, position: position + 1 })}
            >
              <ArrowUpIcon className="size-4 rotate-180" />
            </IconButton>
          </>
        )}
        <IconButton
          label={i18n._("Remove {name}", { name })}
          className={icon}
          disabled={busy}
          onClick={() => onChange({ action: "remove", userId })}
        >
          <TrashIcon className="size-4" />
        </IconButton>
      </span>
    </li>
  );
}
