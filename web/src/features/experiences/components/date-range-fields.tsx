import { TextField } from "@web/components/ui/field";
import { useI18n } from "@web/lib/i18n";

interface DateRangeFieldsProps {
  start: string;
  onStart: (value: string) => void;
  /** The first date the start may take (the picker's `min`). */
  min?: string;
  /** The end date, beside the start; without it the start stands alone (a clone's copy keeps its length). */
  end?: string;
  onEnd?: (value: string) => void;
  onEndBlur?: () => void;
  errors: { start?: string; end?: string };
}

/** An experience's start and end, local dates of its zone as typed; the end may not be before the start. */
export function DateRangeFields({ start, onStart, min, end, onEnd, onEndBlur, errors }: DateRangeFieldsProps) {
  const i18n = useI18n();
  const startField = dateField({ label: i18n._("Start date"), value: start, min, error: errors.start, onValue: onStart });
  if (end === undefined) return startField;
  return (
    <div className="grid grid-cols-2 gap-3">
      {startField}
      {dateField({
        label: i18n._("End date"),
        value: end,
        min: start,
        error: errors.end,
        onValue: (value) => onEnd?.(value),
        onBlur: onEndBlur,
      })}
    </div>
  );
}

/** One date picker of the two: what it shows, how early it goes, and what a change or leaving it does. */
function dateField({
  onValue,
  ...field
}: {
  label: string;
  value: string;
  min?: string;
  error?: string;
  onValue: (value: string) => void;
  onBlur?: () => void;
}) {
  return <TextField type="date" {...field} onChange={(e) => onValue(e.target.value)} />;
}
