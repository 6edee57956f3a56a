import { useEffect, useRef, useState, type KeyboardEvent } from "react";

interface InlineTextProps {
  value: string;
  label: string;
  /**
   * Resolve `false` (or reject) when the save failed: the field then goes back to the last saved value. `startedFrom` is
   * the value the field held when editing began, sent as the edit's base so someone else's change meanwhile is not lost.
   */
  onSave: (value: string, startedFrom: string) => unknown;
  /** Activity fields: Shift+Enter adds a new line. */
  multiline?: boolean;
  /** An optional field (a subtitle, a description): emptied, it saves as empty instead of reverting. */
  optional?: boolean;
  placeholder?: string;
  className?: string;
}

/**
 * Spec 2 §5: saved on blur only if changed, otherwise reverted; Enter saves. A required field emptied reverts,
 * an optional one saves empty. The save's own hook confirms it with a success toast, as every inline save does.
 */
export function InlineText({ value, label, onSave, multiline, optional, placeholder, className = "" }: InlineTextProps) {
  const [draft, setDraft] = useState(value);
  const field = useRef<HTMLTextAreaElement>(null);
  const saved = useRef(value);
  const startedFrom = useRef<string | null>(null);
  useEffect(() => {
    saved.current = value;
    // A change arriving live while the person types keeps their draft; the save then meets it as a conflict.
    if (startedFrom.current === null) setDraft(value);
  }, [value]);

  const commit = async () => {
    const base = startedFrom.current ?? value;
    startedFrom.current = null;
    const next = draft.trim();
    if ((!next && !optional) || next === value.trim()) {
      setDraft(value);
      return;
    }
    let ok: boolean;
    try {
      ok = (await onSave(next, base)) !== false;
    } catch {
      ok = false;
    }
    if (!ok) setDraft(saved.current);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "Enter" && !(multiline && e.shiftKey)) {
      e.preventDefault();
      field.current?.blur();
    } else if (e.key === "Escape") {
      setDraft(value);
      requestAnimationFrame(() => field.current?.blur());
    }
  };

  const style = `w-full rounded-md border border-transparent bg-transparent px-1 -mx-1 hover:border-slate-200 focus:border-brand-500 focus:bg-white focus:outline-none focus:ring-2 focus:ring-brand-500/20 ${className}`;
  // A textarea either way, so long names wrap; only multiline fields take new lines (Shift+Enter). dir="auto": user text.
  return (
    <textarea
      ref={field}
      aria-label={label}
      dir="auto"
      value={draft}
      rows={1}
      placeholder={placeholder}
      onChange={(e) => setDraft(multiline ? e.target.value : e.target.value.replace(/\n/g, " "))}
      onFocus={() => void (startedFrom.current ??= value)}
      onBlur={() => void commit()}
      onKeyDown={onKeyDown}
      className={`field-sizing-content resize-none ${style}`}
    />
  );
}
