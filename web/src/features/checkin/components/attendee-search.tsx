import { useState } from "react";
import { Button } from "@web/components/ui/button";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { TextField } from "@web/components/ui/field";
import { useI18n } from "@web/lib/i18n";
import type { CheckinSheet } from "@worker/features/checkin/checkin.schema";
import { formatTimeInZone } from "@worker/shared/time-zone";
import { useReissuePass } from "../api/reissue-pass";
import { admissions, guestOf } from "../scanning/sheet-updates";

const SHOWN = 8;

interface AttendeeSearchProps {
  sheet: CheckinSheet;
  listId: string;
  disabled: boolean;
  onCheckIn: (serial: string) => void;
  onUndo: (checkinId: string) => void;
}

/** Find a guest by name or e-mail, see whether they are in on this list, and check them in (or undo) by hand. */
export function AttendeeSearch({ sheet, listId, disabled, onCheckIn, onUndo }: AttendeeSearchProps) {
  const i18n = useI18n();
  const [query, setQuery] = useState("");
  const [reissuing, setReissuing] = useState<{ rsvpId: string; name: string } | null>(null);
  const reissue = useReissuePass(sheet.eventId);
  const words = query.trim().toLowerCase();
  const matches = words
    ? sheet.attendees.filter((guest) => `${guest.name} ${guest.email}`.toLowerCase().includes(words)).slice(0, SHOWN)
    : [];
  const admitted = new Map(admissions(sheet, listId).map((checkin) => [guestOf(checkin), checkin]));
  return (
    <div>
      <TextField
        label={i18n._("Search guests")}
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder={i18n._("Name or e-mail")}
      />
      {words && matches.length === 0 && (
        <p className="mt-2 text-sm text-slate-600">{i18n._("No guest matches ''{query}''", { query: query.trim() })}</p>
      )}
      {matches.length > 0 && (
        <ul aria-label={i18n._("Matching guests")} className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {matches.map((guest) => {
            const checkin = admitted.get(guest.rsvpId);
            return (
              <li key={guest.rsvpId} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                <div className="min-w-0">
                  <p className="truncate font-medium text-slate-900">{guest.name}</p>
                  <p className="truncate text-sm text-slate-600">
                    {checkin
                      ? i18n._("Checked in at {time} by {name}, {device}", {
                          time: formatTimeInZone(Date.parse(checkin.scannedAt), sheet.timeZone),
                          name: checkin.byName,
                          device: checkin.device,
                        })
                      : i18n._("Not checked in yet")}
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button
                    variant="ghost"
                    onClick={() => setReissuing({ rsvpId: guest.rsvpId, name: guest.name })}
                    aria-label={i18n._("New pass for {name}", { name: guest.name })}
                  >
                    {i18n._("New pass")}
                  </Button>
                  {/* One button whose action turns, so the focus stays on it after a check-in or an undo. */}
                  <Button
                    variant={checkin ? "secondary" : "primary"}
                    onClick={() => (checkin ? onUndo(checkin.id) : onCheckIn(guest.serial))}
                    disabled={!checkin && disabled}
                    aria-label={
                      checkin ? i18n._("Undo {name}'s check-in", { name: guest.name }) : i18n._("Check in {name}", { name: guest.name })
                    }
                  >
                    {checkin ? i18n._("Undo") : i18n._("Check in")}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {reissuing && (
        <ConfirmDialog
          title={i18n._("A new pass for {name}?", { name: reissuing.name })}
          message={i18n._(
            "Their current pass stops working at every gate at once, offline gates once they read the list again. 'E-mail passes' sends them the new one.",
          )}
          confirmLabel={i18n._("Issue a new pass")}
          onConfirm={() =>
            reissue.mutateAsync(reissuing).then(
              () => setReissuing(null),
              () => undefined,
            )
          }
          onClose={() => setReissuing(null)}
        />
      )}
    </div>
  );
}
