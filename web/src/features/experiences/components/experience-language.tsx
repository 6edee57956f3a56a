import { useId } from "react";
import { useI18n } from "@web/lib/i18n";
import type { ExperienceDetail } from "@worker/features/experiences/experiences.schema";
import { isLocale, LANGUAGE_NAMES, LOCALES } from "@worker/shared/locales";
import { useUpdateExperience } from "../api/update-experience";

/**
 * Settings' 'Language of the experience': what people without an account read it in (an invitation to a new address,
 * a link preview, the calendar file). Saved when chosen; what its organisers wrote is shown as written.
 */
export function ExperienceLanguage({ event }: { event: Pick<ExperienceDetail, "id" | "language"> }) {
  const i18n = useI18n();
  const id = useId();
  const update = useUpdateExperience(event.id);
  const shown = update.isPending && isLocale(update.variables?.language) ? update.variables.language : event.language;
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {i18n._("Language of the experience")}
      </label>
      <select
        id={id}
        value={shown}
        aria-describedby={`${id}-hint`}
        onChange={(e) => {
          if (isLocale(e.target.value)) update.mutate({ language: e.target.value });
        }}
        className="mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900"
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LANGUAGE_NAMES[locale]}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-500">
        {i18n._("What people without an account read: invitations to new addresses, link previews and calendar files.")}
      </p>
    </div>
  );
}
