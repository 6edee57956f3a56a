import { useState, type Ref } from "react";

/**
 * Where a USB or Bluetooth scanner types (it types the pass's text, then Enter), or a pass's text is pasted. Enter
 * sends it and empties the field, which keeps the focus, so the next scan goes in too.
 */
export function WedgeInput({ disabled, onCode, ref }: { disabled: boolean; onCode: (text: string) => void; ref?: Ref<HTMLInputElement> }) {
  const [text, setText] = useState("");
  return (
    <div>
      <label className="block text-sm font-medium text-slate-700" htmlFor="checkin-wedge">
        Scanner input
      </label>
      <input
        id="checkin-wedge"
        ref={ref}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== "Enter") return;
          event.preventDefault();
          const code = text.trim();
          if (code) onCode(code);
          setText("");
        }}
        disabled={disabled}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="send"
        placeholder="Scan or paste a pass"
        aria-describedby="checkin-wedge-hint"
        className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 font-mono text-sm"
      />
      {/* The hint in full under the field: a placeholder this long was cut off at 360 px. */}
      <p id="checkin-wedge-hint" className="mt-1 text-xs text-slate-500">
        A handheld scanner types here, or paste a pass's code
      </p>
    </div>
  );
}
