import { UserText } from "@web/components/ui/user-text";
import { useI18n } from "@web/lib/i18n";
import { Trans } from "@web/lib/trans";

/**
 * Says, above every group's list, that the tag filter is on and which tags it keeps, with 'Clear tags': the filter
 * stays when the group changes (the groups' counts follow it), so the list never hides people without saying why.
 */
export function ChosenTags({ tags, onClear }: { tags: string[]; onClear: () => void }) {
  const i18n = useI18n();
  return (
    <p role="status" className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
      <span>
        <Trans
          id="Only people tagged {tags}"
          values={{
            tags: (
              <>
                {tags.map((tag, i) => (
                  <span key={tag}>
                    {i > 0 && ` ${i18n._("or")} `}
                    <UserText className="font-medium text-slate-900">{tag}</UserText>
                  </span>
                ))}
              </>
            ),
          }}
        />
      </span>
      <button type="button" onClick={onClear} className="rounded font-semibold text-brand-700 hover:underline max-sm:min-h-11">
        {i18n._("Clear tags")}
      </button>
    </p>
  );
}
