import { useEffect, useId, useRef, useState } from "react";
import { atHHmm, changeEnd, changeStart, COMMIT_DEBOUNCE_MS, HALF_HOURS, timeTextError, toHHmm, type EndCap, type TimeChange } from "../time-rules";

interface TimeRangeEditorProps {
  start: number;
  end: number;
  /** Called with the new range once the rules allow it (debounced when `debounce` is set). */
  onChange: (range: { start: number; end: number }) => void;
  onError: (message: string) => void;
  cap?: EndCap;
  debounce?: boolean;
}

type Field = "start" | "end";

/**
 * Start and end as HH:mm (24 h) with 30-minute suggestions, applying spec 2 §5's push and pull rules. A typed
 * text that is no time of day ('25:99') is refused where it was typed, with the words the API uses too.
 */
export function TimeRangeEditor({ start, end, onChange, onError, cap = "23:59:59", debounce = false }: TimeRangeEditorProps) {
  const listId = useId();
  const errorId = useId();
  const [draft, setDraft] = useState({ start: toHHmm(start), end: toHHmm(end) });
  const [invalid, setInvalid] = useState<{ field: Field; message: string } | null>(null);
  // The range as last committed here; edits in flight build on it rather than on props not yet refetched.
  const current = useRef({ start, end });
  const pending = useRef<{ field: "start" | "end"; apply: () => void } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    current.current = { start, end };
    setDraft({ start: toHHmm(start), end: toHHmm(end) });
  }, [start, end]);
  // An edit still waiting for its debounce is committed now: on blur (a submit reads the range next), on
  // Enter, and on unmount, so closing or leaving the editor never drops it.
  const flush = () => {
    clearTimeout(timer.current);
    pending.current?.apply();
  };
  const leave = (field: Field) => {
    flush();
    const message = timeTextError(draft[field], true);
    if (message) setInvalid({ field, message });
  };
  useEffect(() => flush, []); // flush reads only refs, so the first render's copy is as good as any

  const edit = (field: Field, text: string) => {
    setDraft((d) => ({ ...d, [field]: text }));
    const message = timeTextError(text, false);
    setInvalid(message ? { field, message } : null);
    clearTimeout(timer.current);
    // An edit of the other field still waiting for its debounce is committed first, not lost.
    if (pending.current && pending.current.field !== field) pending.current.apply();
    pending.current = null;
    const at = atHHmm(field === "start" ? current.current.start : current.current.end, text);
    if (at === null) return;
    const apply = () => {
      pending.current = null;
      const before = current.current;
      const result: TimeChange = field === "start" ? changeStart(before, at, Date.now(), cap) : changeEnd(before, at, Date.now());
      if ("error" in result) {
        onError(result.error);
        setDraft({ start: toHHmm(before.start), end: toHHmm(before.end) });
        return;
      }
      current.current = result;
      setDraft({ start: toHHmm(result.start), end: toHHmm(result.end) });
      if (result.start !== before.start || result.end !== before.end) onChange(result);
    };
    if (debounce) {
      pending.current = { field, apply };
      timer.current = setTimeout(apply, COMMIT_DEBOUNCE_MS);
    } else apply();
  };

  const input = "w-24 rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-center font-mono text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-invalid:border-rose-500";
  const box = (field: Field, label: string) => (
    <input
      className={`${input} block`}
      list={listId}
      inputMode="numeric"
      placeholder="HH:mm"
      aria-label={label}
      aria-invalid={invalid?.field === field || undefined}
      aria-describedby={invalid?.field === field ? errorId : undefined}
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
          Start
          {box("start", "Start time")}
        </label>
        <span className="pb-2 text-slate-400">–</span>
        <label className="text-xs font-medium text-slate-600">
          End
          {box("end", "End time")}
        </label>
        <datalist id={listId}>
          {HALF_HOURS.map((t) => (
            <option key={t} value={t} />
          ))}
        </datalist>
      </div>
      {invalid && (
        <p id={errorId} role="alert" className="mt-1 text-xs font-medium text-rose-600">
          {invalid.message}
        </p>
      )}
    </div>
  );
}
