import { useId } from "react";
import { activeLanguage, useI18n } from "@web/lib/i18n";
import { isLocale } from "@worker/shared/locales";
import { chooseLanguage } from "./choose-language";
import { LanguageOptions } from "./language-options";

/**
 * 'Language': each language by its own name (a reader who knows only Japanese finds 日本語), in the shell's footer for
 * everyone and in Profile. A native select: the phone's own picker, the keyboard's arrows, no layout of its own.
 */
export function LanguagePicker({ className = "" }: { className?: string }) {
  const i18n = useI18n();
  const id = useId();
  const current = activeLanguage();
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <label htmlFor={id}>{i18n._("Language")}</label>
      <select
        id={id}
        value={isLocale(current) ? current : ""}
        onChange={(event) => {
          if (isLocale(event.target.value)) void chooseLanguage(event.target.value);
        }}
        className="min-h-11 rounded-lg border border-slate-300 bg-white px-2 py-1 text-sm text-slate-800 sm:min-h-9"
      >
        {!isLocale(current) && <option value="">{current}</option>}
        <LanguageOptions />
      </select>
    </div>
  );
}
