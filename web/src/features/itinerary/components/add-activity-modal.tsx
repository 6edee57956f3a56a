import { useRef, useState, type FormEvent } from "react";
import { PlaceInput } from "@web/components/place-input/place-input";
import { SelectImageModal } from "@web/components/select-image-modal/select-image-modal";
import { TimeZonePicker } from "@web/components/time-zone-picker/time-zone-picker";
import { Button } from "@web/components/ui/button";
import { DialogFooter } from "@web/components/ui/dialog-footer";
import { FormError, TextAreaField, TextField } from "@web/components/ui/field";
import { Modal } from "@web/components/ui/modal";
import { errorMessage } from "@web/lib/api-client";
import { fieldError } from "@web/lib/field-error";
import { useFocusFirstInvalid } from "@web/lib/focus-first-invalid";
import { i18n, useI18n } from "@web/lib/i18n";
import { ACTIVITY_MESSAGES, activityTimesError, createActivitySchema } from "@worker/features/experiences/activities.schema";
import { type ExperienceDetail } from "@worker/features/experiences/experiences.schema";
import type { LocationView, DayView } from "@worker/shared/itinerary.schema";
import { cityOf, instantAtOrAfterGap, localDate, localIso, zoneName } from "@worker/shared/time-zone";
import { EXTERNAL_IMAGE_SOURCES } from "@worker/shared/views.schema";
import type { ImageView } from "@worker/shared/views.schema";
import { copyUploadedImage } from "../api/copy-uploaded-image";
import { useCreateActivity, type ImageChoice } from "../api/create-activity";
import { atHHmm, defaultNewRange, toHHmm } from "../time-rules";
import { SearchTemplatesModal } from "./search-templates-modal";
import { TimeRangeEditor } from "./time-range-editor";

type ExternalSource = (typeof EXTERNAL_IMAGE_SOURCES)[number];
const isExternalSource = (source: ImageView["source"]): source is ExternalSource => EXTERNAL_IMAGE_SOURCES.some((s) => s === source);

const TIME_MESSAGES: string[] = [
  ACTIVITY_MESSAGES.endAfterStart,
  ACTIVITY_MESSAGES.withinExperience,
  ACTIVITY_MESSAGES.onItsDay,
  ACTIVITY_MESSAGES.atMostOneYear,
  ACTIVITY_MESSAGES.timeOfDay,
];
/**
 * A refusal about the times (a gap in the clock, the experience's dates), shown under them rather than at the form's end.
 * The server words it in the reader's language, so it is matched as written and as translated.
 */
const isAboutTimes = (message: string) =>
  TIME_MESSAGES.some((known) => known === message || i18n._(known) === message) ||
  / does not exist on .*: clocks go forward$/.test(message);

/** The same wall-clock reading on another zone's clock (09:00 stays 09:00); a time the new clock skips moves past the gap. */
const onClock = (t: number, from: string, to: string) => instantAtOrAfterGap(localDate(t, from), toHHmm(t, from), to);

export function AddActivityModal({ event, day, onClose }: { event: ExperienceDetail; day: DayView; onClose: () => void }) {
  const i18n = useI18n();
  const [form, setForm] = useState({ name: "", subtitle: "", description: "" });
  // A new activity happens at the experience's venue unless the organiser says otherwise (docs/venue.md).
  const [location, setLocation] = useState<LocationView | null>(event.venue);
  // The activity's own zone ('' follows the experience's): its times are typed and sent on that clock.
  const [ownZone, setOwnZone] = useState("");
  const zone = ownZone || event.timeZone;
  const [range, setRange] = useState(() => defaultNewRange(day.date, Date.now(), event.timeZone));
  const [image, setImage] = useState<ImageChoice>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [picker, setPicker] = useState<"image" | "templates" | null>(null);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const create = useCreateActivity(event.id, day.id, { onSuccess: onClose });
  const { ref: formRef, focusInvalid } = useFocusFirstInvalid();
  // A time box holding a refused text ('25:99'): the range is the last valid one, so it must not be sent.
  const timeTextRefused = useRef(false);
  // Bumped by every image choice, so a template's cover still downloading never replaces a later choice.
  const imageChoice = useRef(0);
  const chooseImage = (next: ImageChoice, url: string | null) => {
    imageChoice.current++;
    setImage(next);
    setPreview(url);
  };
  /** A template's cover: an external picture is sent by its link, like a searched one; an uploaded one as a copy. */
  const copyTemplateImage = async (view: ImageView) => {
    const { source } = view;
    if (isExternalSource(source)) {
      chooseImage({ external: { source, rawUrl: view.original, ...(view.photoId ? { photoId: view.photoId } : {}) } }, view.original);
      return;
    }
    const choice = ++imageChoice.current;
    const file = await copyUploadedImage(view).catch(() => null);
    if (file && choice === imageChoice.current) {
      setImage({ file });
      setPreview(view.original);
    }
  };

  const set = (key: keyof typeof form) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined, form: undefined }));
  };

  // Spec 2 §5 requires a name and a description: Add Activity says which is missing before it is clicked.
  const missing = !form.name.trim()
    ? ACTIVITY_MESSAGES.nameRequired
    : !form.description.trim()
      ? ACTIVITY_MESSAGES.descriptionRequired
      : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    const nameError = fieldError(createActivitySchema.in.shape.name, form.name);
    const descriptionError = fieldError(createActivitySchema.in.shape.description, form.description);
    const timeError = timeTextRefused.current
      ? null
      : activityTimesError(
          new Date(range.start),
          new Date(range.end),
          { startTime: new Date(event.startTime), endTime: new Date(event.endTime) },
          day,
          Date.now(),
          zone,
        );
    if (nameError) next.name = nameError;
    if (descriptionError) next.description = descriptionError;
    if (timeError) next.time = timeError;
    setErrors(next);
    if (Object.keys(next).length || timeTextRefused.current) return focusInvalid();
    try {
      await create.mutateAsync({
        name: form.name.trim(),
        subtitle: form.subtitle.trim(),
        description: form.description.trim(),
        location,
        startIsoTime: localIso(range.start, zone),
        endIsoTime: localIso(range.end, zone),
        timeZone: ownZone || undefined,
        image,
      });
    } catch (error) {
      const message = errorMessage(error, i18n._("Failed to add activity"));
      setErrors(isAboutTimes(message) ? { time: message } : { form: message });
      focusInvalid();
    }
  };

  return (
    <Modal title={i18n._("Add New Activity")} onClose={onClose} size="md">
      <form ref={formRef} onSubmit={submit} noValidate className="space-y-4">
        <div className="flex justify-end">
          <Button variant="secondary" className="px-3 py-1.5 text-xs" onClick={() => setPicker("templates")}>
            {i18n._("Search activity templates")}
          </Button>
        </div>
        <TextField
          label={i18n._("Name")}
          required
          autoFocus
          value={form.name}
          onChange={(e) => set("name")(e.target.value)}
          error={errors.name}
        />
        <TextField label={i18n._("Subtitle (optional)")} value={form.subtitle} onChange={(e) => set("subtitle")(e.target.value)} />
        <div>
          <TimeRangeEditor
            debounce
            start={range.start}
            end={range.end}
            zone={zone}
            cap="23:00"
            onChange={(next) => {
              setRange(next);
              setErrors((e) => ({ ...e, time: undefined }));
            }}
            onError={(message) => setErrors((e) => ({ ...e, time: i18n._(message) }))}
            onInvalidChange={(refused) => (timeTextRefused.current = refused)}
          />
          {errors.time && (
            <p role="alert" className="mt-1 text-sm text-rose-600">
              {i18n._(errors.time)}
            </p>
          )}
          <p className="mt-1 text-xs text-slate-500">{i18n._("Times in {zone}", { zone: zoneName(range.start, zone) })}</p>
        </div>
        <TimeZonePicker
          label={i18n._("Time zone (optional)")}
          value={ownZone}
          emptyText={i18n._("Same as the experience ({city})", { city: cityOf(event.timeZone) })}
          hint={i18n._("For an activity elsewhere, such as a flight landing in another zone.")}
          onChange={(next) => {
            // The times typed keep their clock reading on the new zone's clock.
            const to = next || event.timeZone;
            setRange({ start: onClock(range.start, zone, to), end: onClock(range.end, zone, to) });
            setOwnZone(next);
            setErrors((e) => ({ ...e, time: undefined }));
          }}
        />
        <PlaceInput label={i18n._("Location (optional)")} value={location} onChange={setLocation} />
        <TextAreaField
          label={i18n._("Description")}
          required
          value={form.description}
          onChange={(e) => set("description")(e.target.value)}
          error={errors.description}
        />
        <div className="flex items-center gap-3">
          {preview && <img src={preview} alt="" className="size-14 rounded-lg object-cover" />}
          <Button variant="secondary" onClick={() => setPicker("image")}>
            {image ? i18n._("Change cover image") : i18n._("Add cover image (optional)")}
          </Button>
          {image && (
            <button type="button" className="text-sm text-slate-500 hover:text-rose-600" onClick={() => chooseImage(null, null)}>
              {i18n._("Remove")}
            </button>
          )}
        </div>
        <FormError>{errors.form}</FormError>
        <DialogFooter
          onCancel={onClose}
          busy={create.isPending}
          reason={missing && i18n._(missing)}
          label={i18n._("Add Activity")}
          busyLabel={i18n._("Adding...")}
        />
      </form>
      {picker === "image" && (
        <SelectImageModal
          successToast={null}
          onClose={() => setPicker(null)}
          onUpload={async (file) => chooseImage({ file }, URL.createObjectURL(file))}
          onPick={async (external) => chooseImage({ external }, external.rawUrl)}
        />
      )}
      {picker === "templates" && (
        <SearchTemplatesModal
          timeZone={zone}
          onClose={() => setPicker(null)}
          onSelect={(template) => {
            setForm({ name: template.name, subtitle: template.subtitle ?? "", description: template.description ?? "" });
            setLocation(template.location ?? event.venue);
            // A template's moments read on this activity's clock, as the search listed them, moved to this day.
            const start = atHHmm(range.start, toHHmm(Date.parse(template.startDateTime), zone), zone);
            const end = atHHmm(range.start, toHHmm(Date.parse(template.endDateTime), zone), zone);
            if (start && end && "instant" in start && "instant" in end && end.instant > start.instant && start.instant >= Date.now())
              setRange({ start: start.instant, end: end.instant });
            if (template.image) void copyTemplateImage(template.image);
            setErrors({});
          }}
        />
      )}
    </Modal>
  );
}
