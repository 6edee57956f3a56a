import { useI18n } from "@web/lib/i18n";
import type { CheckinSheet } from "@worker/features/checkin/checkin.schema";
import { listName } from "../list-name";
import { checkedInCount } from "../scanning/sheet-updates";

/** Which list this gate checks guests in on (the whole experience first), with each list's live count. */
export function ListPicker({ sheet, listId, onChange }: { sheet: CheckinSheet; listId: string; onChange: (listId: string) => void }) {
  const i18n = useI18n();
  const lists = [...sheet.lists].sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
  const attending = sheet.attendees.length;
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">{i18n._("Check-in list")}</legend>
      <ul className="mt-1 grid gap-2">
        {lists.map((list) => (
          <li key={list.id}>
            <label
              className={`flex cursor-pointer items-center justify-between gap-3 rounded-lg border px-3 py-2 text-sm has-focus-visible:ring-2 has-focus-visible:ring-brand-500 ${list.id === listId ? "border-brand-600 bg-brand-50" : "border-slate-300 bg-white"}`}
            >
              <span className="flex min-w-0 items-center gap-2">
                <input type="radio" name="checkin-list" value={list.id} checked={list.id === listId} onChange={() => onChange(list.id)} />
                <span className="truncate font-medium text-slate-900">{listName(i18n, list)}</span>
              </span>
              <span className="shrink-0 text-slate-700 tabular-nums" data-testid={`count-${list.id}`}>
                {i18n._("Checked in {count, number} / {total, number}", { count: checkedInCount(sheet, list.id), total: attending })}
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
