import { useState } from "react";
import { DialogFooter } from "@web/components/ui/dialog-footer";
import { FormError } from "@web/components/ui/field";
import { Modal } from "@web/components/ui/modal";
import { RadioCard } from "@web/components/ui/radio-card";
import { errorMessage } from "@web/lib/api-client";
import { useI18n } from "@web/lib/i18n";
import { TIME_ZONE_MODES } from "@worker/features/experiences/experiences.schema";
import { cityOf, zoneName } from "@worker/shared/time-zone";
import { useChangeTimeZone, type TimeZoneMode } from "../api/change-time-zone";

const MODE_WORDS: Record<TimeZoneMode, { label: string; meaning: string }> = {
  KEEP_WALL_CLOCK: { label: /*i18n*/ "Keep the times", meaning: /*i18n*/ "(09:00 stays 09:00 in the new zone)" },
  KEEP_MOMENTS: { label: /*i18n*/ "Keep the moments", meaning: /*i18n*/ "(times move with the clock)" },
};

interface TimeZoneDialogProps {
  eventId: string;
  from: string;
  to: string;
  onClose: () => void;
}

/**
 * Asked before the experience moves to another zone: do its activities keep their clock times (09:00 stays 09:00, at
 * another moment) or their moments (shown at other times)? Activities with a zone of their own keep theirs either way.
 * The server's refusal is shown here as it words it, and nothing changes.
 */
export function TimeZoneDialog({ eventId, from, to, onClose }: TimeZoneDialogProps) {
  const i18n = useI18n();
  const [mode, setMode] = useState<TimeZoneMode>("KEEP_WALL_CLOCK");
  const change = useChangeTimeZone(eventId, { onSuccess: onClose });
  const now = Date.now();
  return (
    <Modal title={i18n._("Change the time zone")} onClose={onClose} size="sm">
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          change.mutate({ timeZone: to, timeZoneMode: mode });
        }}
      >
        <p className="text-sm text-slate-700">
          {i18n._("From {from} to {to}. The days keep their dates. What happens to the activities' times?", {
            from: zoneName(now, from),
            to: zoneName(now, to),
          })}
        </p>
        <fieldset className="space-y-2">
          <legend className="sr-only">{i18n._("Activities' times")}</legend>
          {TIME_ZONE_MODES.map((option) => (
            <RadioCard key={option} value={option} group={{ name: "timeZoneMode", selected: mode, onSelect: setMode }}>
              <span>
                <span className="font-medium text-slate-900">{i18n._(MODE_WORDS[option].label)}</span>{" "}
                <span className="text-slate-600">{i18n._(MODE_WORDS[option].meaning)}</span>
              </span>
            </RadioCard>
          ))}
        </fieldset>
        <p className="text-xs text-slate-600">{i18n._("Activities with a time zone of their own keep it, and their times.")}</p>
        <FormError>{change.error && errorMessage(change.error)}</FormError>
        <DialogFooter
          onCancel={onClose}
          busy={change.isPending}
          label={i18n._("Move to {city}", { city: cityOf(to) })}
          busyLabel={i18n._("Saving...")}
        />
      </form>
    </Modal>
  );
}
