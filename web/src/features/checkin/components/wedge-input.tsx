import { useState, type Ref } from "react";
import { TextField } from "@web/components/ui/field";
import { useI18n } from "@web/lib/i18n";

/**
 * Where a USB or Bluetooth scanner types (it types the pass's text, then Enter), or a pass's text is pasted. Enter
 * sends it and empties the field, which keeps the focus, so the next scan goes in too.
 */
export function WedgeInput({ disabled, onCode, ref }: { disabled: boolean; onCode: (text: string) => void; ref?: Ref<HTMLInputElement> }) {
  const i18n = useI18n();
  const [text, setText] = useState("");
  return (
    <TextField
      label={i18n._("Scanner input")}
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
      placeholder={i18n._("Scan or paste a pass")}
      // The hint in full under the field: a placeholder this long was cut off at 360 px.
      hint={i18n._("A handheld scanner types here; or paste a pass's code, or type the pass number its e-mail prints")}
      className="font-mono"
    />
  );
}
