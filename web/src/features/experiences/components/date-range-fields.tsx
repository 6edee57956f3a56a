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
  const startField = (
    <TextField
      label={i18n._("Start date")}
      type="date"
      min={min}
      value={start}
      error={errors.start}
      onChange={(e) => onStart(e.target.value)}
    />
  );
  if (end === undefined) return startField;
  return (
    <div className="grid grid-cols-2 gap-3">
      {startField}
      <TextField
        label={i18n._("End date")}
        type="date"
        min={start}
        value={end}
        error={errors.end}
        onChange={(e) => onEnd?.(e.target.value)}
        onBlur={onEndBlur}
      />
    </div>
  );
}
