import { useState, type FormEvent } from "react";
import { Button } from "@web/components/ui/button";
import { TextField } from "@web/components/ui/field";
import { errorMessage } from "@web/lib/api-client";
import { fieldError } from "@web/lib/field-error";
import { useFocusFirstInvalid } from "@web/lib/focus-first-invalid";
import { useI18n } from "@web/lib/i18n";
import { updateExperienceSchema, type ExperienceDetail } from "@worker/features/experiences/experiences.schema";
import { useUpdateExperience } from "../api/update-experience";

/** What the field holds as the API reads it: empty is no limit; anything but digits is refused with the server's words. */
const parse = (text: string): number | null => (text.trim() === "" ? null : /^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN);

/**
 * How many guests may be going (docs/waitlist.md): when full, joins and approvals go to the waitlist; a larger or no limit
 * gives the first ones waiting their places at once.
 */
export function CapacityForm({ event }: { event: Pick<ExperienceDetail, "id" | "capacity"> }) {
  const i18n = useI18n();
  const [text, setText] = useState(event.capacity === null ? "" : String(event.capacity));
  const [error, setError] = useState<string>();
  const { ref, focusInvalid } = useFocusFirstInvalid();
  const update = useUpdateExperience(event.id, {
    onError: (e) => {
      setError(errorMessage(e));
      focusInvalid();
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const capacity = parse(text);
    const invalid = fieldError(updateExperienceSchema.shape.capacity, Number.isNaN(capacity) ? "" : capacity);
    setError(invalid);
    if (invalid) return focusInvalid();
    if (capacity !== event.capacity) update.mutate({ capacity });
  };

  return (
    <form ref={ref} onSubmit={submit} noValidate aria-label={i18n._("Capacity")} className="space-y-3">
      <TextField
        label={i18n._("Capacity (optional)")}
        inputMode="numeric"
        placeholder={i18n._("No limit")}
        value={text}
        error={error}
        hint={i18n._("Guests who can be going. When it is full, new guests join a waitlist; leave empty for no limit.")}
        onChange={(e) => setText(e.target.value)}
      />
      <Button type="submit" variant="secondary" className="w-full" disabled={update.isPending}>
        {update.isPending ? i18n._("Saving...") : i18n._("Save capacity")}
      </Button>
    </form>
  );
}
