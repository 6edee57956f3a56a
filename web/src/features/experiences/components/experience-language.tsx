import { LanguageOptions } from "@web/components/language-picker/language-options";
import { SelectField } from "@web/components/ui/field";
import { useI18n } from "@web/lib/i18n";
import type { ExperienceDetail } from "@worker/features/experiences/experiences.schema";
import { isLocale } from "@worker/shared/locales";
import { useUpdateExperience } from "../api/update-experience";

/**
 * Settings' 'Language of the experience': what people without an account read it in (an invitation to a new address,
 * a link preview, the calendar file). Saved when chosen; what its organisers wrote is shown as written.
 */
export function ExperienceLanguage({ event }: { event: Pick<ExperienceDetail, "id" | "language"> }) {
  const i18n = useI18n();
  const update = useUpdateExperience(event.id);
  const shown = update.isPending && isLocale(update.variables?.language) ? update.variables.language : event.language;
  return (
    <SelectField
      label={i18n._("Language of the experience")}
      hint={i18n._("What people without an account read: invitations to new addresses, link previews and calendar files.")}
      value={shown}
      onChange={(e) => {
        if (isLocale(e.target.value)) update.mutate({ language: e.target.value });
      }}
      className="min-h-11"
    >
      <LanguageOptions />
    </SelectField>
  );
}
