import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { useI18n } from "@web/lib/i18n";
import {
  atHHmm,
  changeEnd,
  changeStart,
  COMMIT_DEBOUNCE_MS,
  HALF_HOURS,
  mayGoOn,
  timeTextError,
  toHHmm,
  type EndCap,
  type TimeChange,
} from "../time-rules";

interface TimeRangeEditorProps {
  start: number;
  end: number;
  /** The clock the boxes show and read: the activity's zone (its own, else the experience's). */
  zone: string;
  /** Called with the new range once the rules allow it (debounced when `debounce` is set). */
  onChange: (range: { start: number; end: number }) => void;
  onError: (message: string) => void;
  /** Told whether any box holds a text that is no time of day; a form refuses to submit meanwhile. */
  onInvalidChange?: (invalid: boolean) => void;
  cap?: EndCap;
  debounce?: boolean;
}

type Field = "start" | "end";
type Invalid = Partial<Record<Field, string>>;

/**
 * Start and end as HH:mm (24 h) on the activity's clock with 30-minute suggestions, applying spec 2 §5's push and
 * pull rules. A box reads a time however it is typed ('0915', '9.30', '9h30', '9:30 pm': `readTimeOfDay`) and shows it
 * back as HH:mm; its keyboard is the text one, which has ':' (a phone's digit keypad has none). A typed text that is no time of day ('25:99'), or a time the clocks skip that day, is refused where it
 * was typed, with the words the API uses too, and stays in its box with its message until that box is edited: a
 * change to the other box never replaces it with the last valid time. A time that happens twice takes the first,
 * and says so.
 */
export function TimeRangeEditor({
  start,
  end,
  zone,
  onChange,
  onError,
  onInvalidChange,
  cap = "23:59:59",
  debounce = false,
}: TimeRangeEditorProps) {
  const i18n = useI18n();
  const listId = useId();
  const errorId = useId();
  const [draft, setDraft] = useState({ start: toHHmm(start, zone), end: toHHmm(end, zone) });
  const [invalid, setInvalid] = useState<Invalid>({});
  const [notes, setNotes] = useState<Invalid>({});
  // Read by commits and by a submit in the same event (Enter, or the blur before a click), before React renders.
  const invalidNow = useRef<Invalid>({});
  const mark = (next: Invalid) => {
    const had = Object.keys(invalidNow.current).length > 0;
    invalidNow.current = next;
    setInvalid(next);
    const has = Object.keys(next).length > 0;
    if (has !== had) onInvalidChange?.(has);
  };
  const markField = (field: Field, message: string | null) => {
    if ((invalidNow.current[field] ?? null) === message) return;
    const next = { ...invalidNow.current };
    if (message) next[field] = message;
    else delete next[field];
    mark(next);
  };
  const boxes = useRef<Record<Field, HTMLInputElement | null>>({ start: null, end: null });
  // A box whose time a commit of the other one changed. Moving into it (Tab, or a test's fill) selects its text
  // before that commit renders; the new text would lose the selection and the next keys would be appended to it.
  const pushed = useRef<Field | null>(null);
  useLayoutEffect(() => {
    const box = pushed.current && boxes.current[pushed.current];
    pushed.current = null;
    if (box && box === document.activeElement) box.select();
  });
  /** The committed range in the boxes, except a box still holding a refused text. */
  const showRange = (range: { start: number; end: number }) =>
    setDraft((d) => ({
      start: invalidNow.current.start ? d.start : toHHmm(range.start, zone),
      end: invalidNow.current.end ? d.end : toHHmm(range.end, zone),
    }));
  // The range as last committed here; edits in flight build on it rather than on props not yet refetched.
  const current = useRef({ start, end });
  // An end typed here is kept when the start moves afterwards (changeStart's keepLength); a range from outside resets it.
  const endTyped = useRef(false);
  const shownZone = useRef(zone);
  const pending = useRef<{ field: "start" | "end"; apply: () => void } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    // Our own commit coming back changes nothing; a range set from outside (a template, a live edit) replaces the boxes.
    if (start === current.current.start && end === current.current.end && zone === shownZone.current) return;
    current.current = { start, end };
    endTyped.current = false;
    shownZone.current = zone;
    setDraft({ start: toHHmm(start, zone), end: toHHmm(end, zone) });
    setNotes({});
    if (Object.keys(invalidNow.current).length) mark({});
  }, [start, end, zone]);
  // An edit still waiting for its debounce is committed now: on blur (a submit reads the range next), on
  // Enter, and on unmount, so closing or leaving the editor never drops it.
  const flush = () => {
    clearTimeout(timer.current);
    pending.current?.apply();
  };
  const leave = (field: Field) => {
    flush();
    const message = timeTextError(draft[field], true);
    if (message) markField(field, message);
  };
  useEffect(() => flush, []); // flush reads only refs, so the first render's copy is as good as any

  const edit = (field: Field, text: string) => {
    clearTimeout(timer.current);
    // An edit of the other field still waiting for its debounce is committed first, not lost; the text typed here wins.
    if (pending.current && pending.current.field !== field) pending.current.apply();
    pending.current = null;
    pushed.current = null;
    setDraft((d) => ({ ...d, [field]: text }));
    setNotes(({ [field]: _, ...others }) => others);
    markField(field, timeTextError(text, false));
    const reading = atHHmm(field === "start" ? current.current.start : current.current.end, text, zone);
    if (reading === null) return;
    if ("error" in reading) return markField(field, reading.error);
    const { instant: at, note } = reading;
    const apply = () => {
      pending.current = null;
      const before = current.current;
      const result: TimeChange =
        field === "start" ? changeStart(before, at, Date.now(), zone, cap, !endTyped.current) : changeEnd(before, at, Date.now(), zone);
      if ("error" in result) {
        onError(result.error);
        showRange(before);
        return;
      }
      if (field === "end") endTyped.current = true;
      current.current = result;
      if (note) setNotes((n) => ({ ...n, [field]: note }));
      const other = field === "start" ? "end" : "start";
      if (result[other] !== before[other]) pushed.current = other;
      showRange(result);
      if (result.start !== before.start || result.end !== before.end) onChange(result);
    };
    if (debounce) {
      pending.current = { field, apply };
      timer.current = setTimeout(apply, COMMIT_DEBOUNCE_MS);
    } else if (mayGoOn(text))
      pending.current = { field, apply }; // read when the box is left ("153" may become "1530")
    else apply();
  };

  // One message for each different reason (both boxes refused read it once); each box points at its own.
  const messages = [...new Set(Object.values(invalid))];
  const messageId = (field: Field) => {
    const message = invalid[field];
    return message ? `${errorId}-${messages.indexOf(message)}` : undefined;
  };
  const input =
    "w-24 rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-center font-mono text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-invalid:border-rose-500";
  const box = (field: Field, label: string) => (
    <input
      className={`${input} block`}
      list={listId}
      inputMode="text"
      autoComplete="off"
      placeholder="HH:mm"
      aria-label={label}
      ref={(box) => {
        boxes.current[field] = box;
      }}
      aria-invalid={invalid[field] ? true : undefined}
      aria-describedby={messageId(field)}
      value={draft[field]}
      onChange={(e) => edit(field, e.target.value)}
      onBlur={() => leave(field)}
      onKeyDown={(e) => e.key === "Enter" && leave(field)}
    />
  );
  return (
    <div>
      <div className="flex items-end gap-2">
        <label className="text-xs font-medium text-slate-600">
          {i18n._("Start")}
          {box("start", i18n._("Start time"))}
        </label>
        <span className="pb-2 text-slate-400">–</span>
        <label className="text-xs font-medium text-slate-600">
          {i18n._("End")}
          {box("end", i18n._("End time"))}
        </label>
        <datalist id={listId}>
          {HALF_HOURS.map((t) => (
            <option key={t} value={t} />
          ))}
        </datalist>
      </div>
      {messages.map((message, index) => (
        <p key={message} id={`${errorId}-${index}`} role="alert" className="mt-1 text-xs font-medium text-rose-600">
          {i18n._(message)}
        </p>
      ))}
      {[...new Set(Object.values(notes))].map((note) => (
        <p key={note} role="status" className="mt-1 text-xs text-amber-800">
          {i18n._(note)}
        </p>
      ))}
    </div>
  );
}
