import { useEffect, useId, useState, type ReactNode } from "react";
import { useI18n } from "@web/lib/i18n";
import { canonicalTimeZone, DEFAULT_TIME_ZONE } from "@worker/shared/time-zone";
import { TIME_ZONE_MESSAGE } from "@worker/shared/time-zone.schema";

let zones: string[] | null = null;
/** Every zone the browser knows (its tz data is the one the times are worded with), and UTC, which it does not list. */
const allZones = () => (zones ??= [DEFAULT_TIME_ZONE, ...Intl.supportedValuesOf("timeZone").filter((zone) => zone !== DEFAULT_TIME_ZONE)]);

interface TimeZonePickerProps {
  label: string;
  /** The zone chosen, in its IANA name; '' for none (only where `emptyText` says what none means). */
  value: string;
  /** Called with the zone's canonical name once one is chosen from the list, or typed and the field left; '' when emptied. */
  onChange: (zone: string) => void;
  /** What an empty field means ('Same as the experience (Lisbon)'); without it a zone is required. */
  emptyText?: string;
  error?: string;
  hint?: ReactNode;
  disabled?: boolean;
  /** Told whether the field holds a refused name; a form refuses to submit meanwhile (`value` is still the last zone). */
  onInvalidChange?: (invalid: boolean) => void;
}

/**
 * A searchable list of time zones: typing 'lis' offers Europe/Lisbon (the browser's own suggestions, keyboard and
 * screen-reader ready). A zone picked from the list is taken at once; a typed one when the field is left or on Enter,
 * and a name that is no zone is refused there with the API's own words.
 */
export function TimeZonePicker({ label, value, onChange, emptyText, error, hint, disabled, onInvalidChange }: TimeZonePickerProps) {
  const i18n = useI18n();
  const id = useId();
  const [text, setText] = useState(value);
  const [refused, setRefusedState] = useState<string | null>(null);
  const setRefused = (message: string | null) => {
    setRefusedState(message);
    onInvalidChange?.(message !== null);
  };
  useEffect(() => {
    setText(value);
    setRefusedState(null);
  }, [value]);

  const commit = (typed: string) => {
    const trimmed = typed.trim();
    if (trimmed === "" && emptyText !== undefined) {
      setRefused(null);
      if (value !== "") onChange("");
      return;
    }
    const zone = canonicalTimeZone(trimmed);
    if (!zone) return setRefused(i18n._(TIME_ZONE_MESSAGE));
    setRefused(null);
    setText(zone);
    if (zone !== value) onChange(zone);
  };

  // The refusal is worded as it is shown, so it follows a change of language.
  const message = refused !== null ? i18n._(refused) : error;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        list={`${id}-zones`}
        value={text}
        disabled={disabled}
        placeholder={emptyText ?? i18n._("e.g. {zone}", { zone: "Europe/Lisbon" })}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={Boolean(message)}
        aria-describedby={message ? `${id}-error` : hint ? `${id}-hint` : undefined}
        className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none disabled:bg-slate-100 aria-[invalid=true]:border-rose-400"
        onChange={(e) => {
          setText(e.target.value);
          setRefused(null);
          // A choice from the list arrives whole, not typed: it is taken at once.
          const { inputType } = e.nativeEvent as InputEvent;
          if ((!inputType || inputType === "insertReplacementText") && allZones().includes(e.target.value)) commit(e.target.value);
        }}
        onBlur={() => commit(text)}
        onKeyDown={(e) => {
          if (e.key !== "Enter") return;
          e.preventDefault();
          commit(text);
        }}
      />
      <datalist id={`${id}-zones`}>
        {allZones().map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
      {hint && !message && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {message && (
        <p id={`${id}-error`} className="text-sm text-rose-600">
          {message}
        </p>
      )}
    </div>
  );
}
