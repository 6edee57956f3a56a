import { useEffect, useRef, useState } from "react";
import { EditConflictDialog } from "@web/components/edit-conflict-dialog/edit-conflict-dialog";
import { InlineText } from "@web/components/ui/inline-text";
import { editConflictOf, type EditConflict } from "@web/lib/edit-conflict";
import { useI18n } from "@web/lib/i18n";
import { useUpdateExperience, type ExperienceChange } from "../api/update-experience";
import { detailsConflictFields, type DetailsCurrent } from "../details-conflict";

/** The experience's name, edited in place in manage mode; another organiser's rename meanwhile comes back as a choice. */
export function ExperienceNameField({ eventId, name }: { eventId: string; name: string }) {
  const i18n = useI18n();
  const update = useUpdateExperience(eventId);
  // The name as the server last answered: the page's copy lags behind this field's own save until it is refetched.
  const known = useRef(name);
  useEffect(() => void (known.current = name), [name]);
  const [conflict, setConflict] = useState<(EditConflict<DetailsCurrent> & { change: ExperienceChange }) | null>(null);
  const save = (change: ExperienceChange) =>
    update.mutateAsync(change).then(
      (saved) => void (known.current = saved.name),
      (error: unknown) => {
        const met = editConflictOf<DetailsCurrent>(error);
        if (met) setConflict({ ...met, change });
        throw error;
      },
    );
  return (
    <>
      <InlineText
        label={i18n._("Experience name")}
        value={name}
        onSave={(next, startedFrom) => save({ name: next, base: { name: startedFrom === name ? known.current : startedFrom } })}
        className="text-2xl font-bold text-slate-900"
      />
      {conflict && (
        <EditConflictDialog
          message={conflict.message}
          fields={detailsConflictFields(conflict.current, conflict.change)}
          onKeepTheirs={() => setConflict(null)}
          onUseMine={() =>
            save({ ...conflict.change, base: { ...conflict.change.base, ...conflict.current } })
              .then(() => setConflict(null))
              .catch(() => undefined)
          }
        />
      )}
    </>
  );
}
