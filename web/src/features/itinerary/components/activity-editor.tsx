import { useEffect, useRef, useState } from "react";
import { CalendarLink } from "@web/components/calendar-link/calendar-link";
import { EditConflictDialog } from "@web/components/edit-conflict-dialog/edit-conflict-dialog";
import { MapsLink } from "@web/components/maps-link/maps-link";
import { PlaceInput } from "@web/components/place-input/place-input";
import { SelectImageModal } from "@web/components/select-image-modal/select-image-modal";
import { TimeZonePicker } from "@web/components/time-zone-picker/time-zone-picker";
import { Button } from "@web/components/ui/button";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { InlineText } from "@web/components/ui/inline-text";
import { toast } from "@web/components/ui/toast";
import { useEditingPresence } from "@web/hooks/use-presence";
import { errorMessage } from "@web/lib/api-client";
import { activityCalendarUrl } from "@web/lib/calendar-links";
import { formatDuration } from "@web/lib/dates";
import { editConflictOf, type EditConflict } from "@web/lib/edit-conflict";
import { useI18n } from "@web/lib/i18n";
import type { ExperienceDetail } from "@worker/features/experiences/experiences.schema";
import type { ActivityView, LocationView, DayView } from "@worker/shared/itinerary.schema";
import { locationText } from "@worker/shared/places";
import { cityOf, localIso, zoneName } from "@worker/shared/time-zone";
import { activityConflictFields, overCurrent, type ActivityCurrent } from "../activity-conflict";
import { useDeleteActivity } from "../api/delete-activity";
import { useLinkActivityImage } from "../api/link-activity-image";
import { useUpdateActivity, type ActivityChange } from "../api/update-activity";
import { useUploadActivityImage } from "../api/upload-activity-image";
import { DETAILS_ACTION } from "./activity-details";
import { ActivityDocumentsPanel } from "./activity-documents-panel";
import { AttendanceEditor } from "./attendance-editor";
import { ImageButton } from "./image-button";
import { TimeRangeEditor } from "./time-range-editor";

/** The details pane in manage mode: every field of the activity edits in place. */
export function ActivityEditor({ event, day, activity }: { event: ExperienceDetail; day: DayView; activity: ActivityView }) {
  const i18n = useI18n();
  const [panel, setPanel] = useState<"image" | "documents" | "delete" | null>(null);
  const [location, setLocation] = useState<LocationView | null>(activity.location);
  // The server's reason for refusing a time (a gap, the experience's dates), shown where the times are.
  const [timeError, setTimeError] = useState<string | null>(null);
  // A save that met another organiser's change: theirs next to this one, until the editor chooses.
  const [conflict, setConflict] = useState<(EditConflict<ActivityCurrent> & { change: ActivityChange }) | null>(null);
  const zone = activity.timeZone;
  const start = Date.parse(activity.startDateTime);
  const end = Date.parse(activity.endDateTime);
  const ref = { eventId: event.id, dayId: day.id, activityId: activity.id };
  // The activity as the server last answered: the page's copy lags behind this pane's own saves until it is refetched,
  // and a save's base must not be older than the one before it (that would meet its own change as a conflict).
  const known = useRef(activity);
  useEffect(() => void (known.current = activity), [activity]);
  const update = useUpdateActivity(ref, { onSaved: (view) => void (known.current = view) });
  const remove = useDeleteActivity(ref, { onError: () => setPanel(null) });
  const uploadImage = useUploadActivityImage(ref);
  const linkImage = useLinkActivityImage(ref);

  // The other organisers see '{name} is editing' on this activity's card while this pane is open.
  useEditingPresence(event.id, activity.id);

  /** Every save carries what it started from (`base`): another organiser's change meanwhile comes back as a choice. */
  const chooseOnConflict = (change: ActivityChange) => (error: unknown) => {
    const met = editConflictOf<ActivityCurrent>(error);
    if (met) setConflict({ ...met, change });
    return met;
  };
  const saveText = (field: "name" | "subtitle" | "description") => (value: string, startedFrom: string) => {
    // Started from what the page showed: the base is the server's latest answer (this pane's own save may be newer).
    const shown = activity[field];
    return update
      .mutateAsync(() => ({ [field]: value, base: { [field]: startedFrom === shown ? known.current[field] : startedFrom } }))
      .catch((error: unknown) => {
        chooseOnConflict({ [field]: value })(error);
        throw error;
      });
  };
  /** Times go as the activity's wall clock (2027-03-12T09:00), which the server reads in the activity's zone. */
  const saveTimes = (change: ActivityChange) => {
    setTimeError(null);
    const sent = () =>
      change.timeZone === undefined
        ? { ...change, base: { startIsoTime: known.current.startDateTime, endIsoTime: known.current.endDateTime } }
        : change;
    update.mutate(sent, { onError: (error) => void (chooseOnConflict(change)(error) || setTimeError(errorMessage(error))) });
  };

  const saveLocation = (next: LocationView | null) => {
    if (JSON.stringify(next ?? "") !== JSON.stringify(activity.location ?? ""))
      update.mutate(() => ({ location: next, base: { location: known.current.location } }), {
        onError: chooseOnConflict({ location: next }),
      });
  };

  return (
    <article
      className="overflow-hidden rounded-xl border border-slate-200 bg-white"
      aria-label={i18n._("Edit {name}", { name: activity.name })}
    >
      <ImageButton
        image={activity.image}
        name={activity.name}
        emptyLabel={i18n._("Add an image")}
        onClick={() => setPanel("image")}
        className="aspect-video bg-gradient-to-br from-slate-100 to-slate-200"
      />
      <div className="space-y-3 p-4">
        <InlineText
          label={i18n._("Activity name")}
          value={activity.name}
          multiline
          onSave={saveText("name")}
          className="text-lg font-semibold text-slate-900"
        />
        <InlineText
          label={i18n._("Activity subtitle")}
          value={activity.subtitle}
          multiline
          optional
          placeholder={i18n._("Add a subtitle")}
          onSave={saveText("subtitle")}
          className="text-slate-600"
        />
        <div>
          <TimeRangeEditor
            debounce
            start={start}
            end={end}
            zone={zone}
            onError={(message) => toast.error(i18n._(message))}
            onChange={(range) => saveTimes({ startIsoTime: localIso(range.start, zone), endIsoTime: localIso(range.end, zone) })}
          />
          {timeError && (
            <p role="alert" className="mt-1 text-xs font-medium text-rose-600">
              {timeError}
            </p>
          )}
          <p className="mt-1 text-xs text-slate-500">
            {activity.hasOwnTimeZone && zone !== event.timeZone
              ? i18n._("Times in {zone} · its own zone, not the experience's ({city}) · {duration}", {
                  zone: zoneName(start, zone),
                  city: cityOf(event.timeZone),
                  duration: formatDuration(activity.startDateTime, activity.endDateTime),
                })
              : i18n._("Times in {zone} · {duration}", {
                  zone: zoneName(start, zone),
                  duration: formatDuration(activity.startDateTime, activity.endDateTime),
                })}
          </p>
        </div>
        <TimeZonePicker
          label={i18n._("Time zone (optional)")}
          value={activity.hasOwnTimeZone ? zone : ""}
          emptyText={i18n._("Same as the experience ({city})", { city: cityOf(event.timeZone) })}
          hint={i18n._("For an activity elsewhere, such as a flight landing in another zone. Its times keep their clock reading.")}
          // A new zone keeps the times as they read (09:00 stays 09:00, now on the new clock).
          onChange={(next) => saveTimes({ timeZone: next || null, startIsoTime: localIso(start, zone), endIsoTime: localIso(end, zone) })}
        />
        <div
          onBlur={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget as Node | null) && typeof location === "string")
              saveLocation(location.trim() || null);
          }}
        >
          <PlaceInput
            value={location}
            onChange={(next) => {
              setLocation(next);
              if (next && typeof next === "object") saveLocation(next);
            }}
          />
          {locationText(activity.location) && (
            <p className="mt-1 text-xs">
              <MapsLink location={activity.location} />
            </p>
          )}
        </div>
        <AttendanceEditor activity={activity} path={ref} />
        <InlineText
          label={i18n._("Activity description")}
          value={activity.description}
          multiline
          placeholder={i18n._("Add a description")}
          onSave={saveText("description")}
          className="text-sm text-slate-700"
        />
        <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-3">
          <CalendarLink href={activityCalendarUrl(event.id, activity.id)} className={DETAILS_ACTION} />
          <Button variant="secondary" className="px-3 py-1.5" onClick={() => setPanel("documents")}>
            {i18n._("Documents ({count})", { count: activity.documents.length })}
          </Button>
          <Button variant="ghost" className="px-3 py-1.5 text-rose-600 hover:bg-rose-50" onClick={() => setPanel("delete")}>
            {i18n._("Delete activity")}
          </Button>
        </div>
      </div>
      {panel === "image" && (
        <SelectImageModal
          onClose={() => setPanel(null)}
          onUpload={(file) => uploadImage.mutateAsync(file)}
          onPick={(image) => linkImage.mutateAsync(image)}
        />
      )}
      {panel === "documents" && <ActivityDocumentsPanel eventId={event.id} activity={activity} canEdit onClose={() => setPanel(null)} />}
      {conflict && (
        <EditConflictDialog
          message={conflict.message}
          fields={activityConflictFields(conflict.current, conflict.change, zone)}
          onKeepTheirs={() => setConflict(null)}
          onUseMine={() =>
            update
              .mutateAsync(overCurrent(conflict.change, conflict.current))
              .then(() => setConflict(null))
              .catch(chooseOnConflict(overCurrent(conflict.change, conflict.current)))
          }
        />
      )}
      {panel === "delete" && (
        <ConfirmDialog
          message={i18n._("Are you sure you want to delete this activity?")}
          onConfirm={() => remove.mutateAsync().catch(() => undefined)}
          onClose={() => setPanel(null)}
        />
      )}
    </article>
  );
}
