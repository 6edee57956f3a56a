import { useEffect, useId, useRef, useState } from "react";
import { atHHmm, changeEnd, changeStart, COMMIT_DEBOUNCE_MS, HALF_HOURS, toHHmm, type EndCap, type TimeChange } from "../time-rules";

interface TimeRangeEditorProps {
  start: number;
  end: number;
  /** Called with the new range once the rules allow it (debounced when `debounce` is set). */
  onChange: (range: { start: number; end: number }) => void;
  onError: (message: string) => void;
  cap?: EndCap;
  debounce?: boolean;
}

/** Start and end as HH:mm (24 h) with 30-minute suggestions, applying spec 2 §5's push and pull rules. */
export function TimeRangeEditor({ start, end, onChange, onError, cap = "23:59:59", debounce = false }: TimeRangeEditorProps) {
  const listId = useId();
  const [draft, setDraft] = useState({ start: toHHmm(start), end: toHHmm(end) });
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
  useEffect(() => flush, []); // flush reads only refs, so the first render's copy is as good as any

  const edit = (field: "start" | "end", text: string) => {
    setDraft((d) => ({ ...d, [field]: text }));
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

  const input = "w-24 rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-center font-mono text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30";
  return (
    <div className="flex items-end gap-2">
      <label className="text-xs font-medium text-slate-600">
        Start
        <input className={`${input} block`} list={listId} inputMode="numeric" placeholder="HH:mm" aria-label="Start time" value={draft.start} onChange={(e) => edit("start", e.target.value)} onBlur={flush} onKeyDown={(e) => e.key === "Enter" && flush()} />
      </label>
      <span className="pb-2 text-slate-400">–</span>
      <label className="text-xs font-medium text-slate-600">
        End
        <input className={`${input} block`} list={listId} inputMode="numeric" placeholder="HH:mm" aria-label="End time" value={draft.end} onChange={(e) => edit("end", e.target.value)} onBlur={flush} onKeyDown={(e) => e.key === "Enter" && flush()} />
      </label>
      <datalist id={listId}>
        {HALF_HOURS.map((t) => (
          <option key={t} value={t} />
        ))}
      </datalist>
    </div>
  );
}
