import { useRef, useState, type FormEvent } from "react";
import { EditConflictDialog } from "@web/components/edit-conflict-dialog/edit-conflict-dialog";
import { Button } from "@web/components/ui/button";
import { FormError, TextAreaField, TextField } from "@web/components/ui/field";
import { errorMessage } from "@web/lib/api-client";
import { editConflictOf, type EditConflict } from "@web/lib/edit-conflict";
import { fieldError } from "@web/lib/field-error";
import { useFocusFirstInvalid } from "@web/lib/focus-first-invalid";
import { useI18n } from "@web/lib/i18n";
import { experienceDatesError, updateExperienceSchema, type ExperienceDetail } from "@worker/features/experiences/experiences.schema";
import { useUpdateExperience, type ExperienceChange } from "../api/update-experience";
import { detailsConflictFields, type DetailsCurrent } from "../details-conflict";
import { dayAfter, firstDay, lastDay, shiftDate } from "../experience-dates";
import { DateRangeFields } from "./date-range-fields";

type Details = Pick<ExperienceDetail, "id" | "name" | "subtitle" | "description" | "startTime" | "endTime" | "timeZone">;
/** The details a change sets, without the rest. */
const pickDetails = ({ name, subtitle, description }: ExperienceChange) =>
  Object.fromEntries(Object.entries({ name, subtitle, description }).filter(([, value]) => value !== undefined));

type Errors = Partial<Record<"name" | "start" | "end" | "form", string>>;

/**
 * The experience's name, subtitle, description and dates, saved together (only what changed). The dates are local dates
 * of the experience's zone, sent as such. A new start moves the whole itinerary; a new end adds or removes days at the
 * end, and the server names any activity that would be left out.
 */
export function DetailsForm({ event }: { event: Details }) {
  const i18n = useI18n();
  const [name, setName] = useState(event.name);
  const [subtitle, setSubtitle] = useState(event.subtitle);
  const [description, setDescription] = useState(event.description);
  const [start, setStart] = useState(firstDay(event));
  const [end, setEnd] = useState(lastDay(event));
  const [errors, setErrors] = useState<Errors>({});
  // The last complete start typed: a new one moves the end by as many days, so the experience keeps its length.
  const lastStart = useRef(start);
  // What the form started from: sent as the save's base, so another organiser's change meanwhile comes back as a choice.
  const startedFrom = useRef({ name: event.name, subtitle: event.subtitle, description: event.description });
  const [conflict, setConflict] = useState<(EditConflict<DetailsCurrent> & { change: ExperienceChange }) | null>(null);
  const { ref, focusInvalid } = useFocusFirstInvalid();
  const update = useUpdateExperience(event.id, {
    onError: (error) => {
      setErrors({ form: errorMessage(error) });
      focusInvalid();
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = {};
    const nameError = fieldError(updateExperienceSchema.shape.name, name);
    if (nameError) next.name = nameError;
    if (!start) next.start = i18n._("Start date is required");
    if (!end) next.end = i18n._("End date is required");
    const datesError =
      start && end ? experienceDatesError(start, dayAfter(end), Date.now(), Date.parse(event.startTime), event.timeZone) : null;
    if (datesError) next[datesError.path === "startIsoTime" ? "start" : "end"] = i18n._(datesError.message);
    setErrors(next);
    if (Object.keys(next).length > 0) return focusInvalid();

    const change: ExperienceChange = {};
    if (name.trim() !== event.name) change.name = name.trim();
    if (subtitle.trim() !== event.subtitle) change.subtitle = subtitle.trim();
    if (description.trim() !== event.description) change.description = description.trim();
    if (start !== firstDay(event)) change.startIsoTime = start;
    if (end !== lastDay(event)) change.endIsoTime = dayAfter(end);
    if (Object.keys(change).length === 0) return;
    const base: ExperienceChange["base"] = {};
    for (const field of ["name", "subtitle", "description"] as const)
      if (change[field] !== undefined) base[field] = startedFrom.current[field];
    send(Object.keys(base).length > 0 ? { ...change, base } : change);
  };

  const send = (change: ExperienceChange) =>
    update.mutateAsync(change).then(
      () => {
        startedFrom.current = { ...startedFrom.current, ...change.base, ...pickDetails(change) };
        setConflict(null);
      },
      (error: unknown) => {
        const met = editConflictOf<DetailsCurrent>(error);
        if (met) setConflict({ ...met, change });
      },
    );

  return (
    <form ref={ref} onSubmit={submit} noValidate aria-label={i18n._("Details")} className="space-y-4">
      <TextField label={i18n._("Name")} value={name} error={errors.name} onChange={(e) => setName(e.target.value)} />
      <TextField
        label={i18n._("Subtitle (optional)")}
        value={subtitle}
        onChange={(e) => setSubtitle(e.target.value)}
        placeholder={i18n._("e.g. Three days by the sea")}
      />
      <TextAreaField label={i18n._("Description (optional)")} value={description} onChange={(e) => setDescription(e.target.value)} />
      <DateRangeFields
        start={start}
        end={end}
        errors={errors}
        onStart={(value) => {
          setStart(value);
          if (!value || !end) return;
          setEnd(shiftDate(end, lastStart.current, value));
          lastStart.current = value;
        }}
        onEnd={setEnd}
      />
      <p className="text-xs text-slate-600">
        {i18n._(
          "A new start date moves every day and activity with it, and the end along. A later end adds days; an earlier one removes empty days at the end.",
        )}
      </p>
      <FormError>{errors.form}</FormError>
      <Button type="submit" className="w-full" disabled={update.isPending}>
        {update.isPending ? i18n._("Saving...") : i18n._("Save details")}
      </Button>
      {conflict && (
        <EditConflictDialog
          message={conflict.message}
          fields={detailsConflictFields(conflict.current, conflict.change)}
          onKeepTheirs={() => {
            for (const [field, value] of Object.entries(conflict.current))
              ({ name: setName, subtitle: setSubtitle, description: setDescription })[field as keyof DetailsCurrent](value);
            startedFrom.current = { ...startedFrom.current, ...conflict.current };
            setConflict(null);
          }}
          onUseMine={() => send({ ...conflict.change, base: { ...conflict.change.base, ...conflict.current } })}
        />
      )}
    </form>
  );
}
