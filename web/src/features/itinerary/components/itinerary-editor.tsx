import { lazy, Suspense, useState } from "react";
import { SelectImageModal } from "@web/components/select-image-modal/select-image-modal";
import { Button } from "@web/components/ui/button";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { InlineText } from "@web/components/ui/inline-text";
import { useI18n } from "@web/lib/i18n";
import type { ExperienceDetail } from "@worker/features/experiences/experiences.schema";
import type { DayView } from "@worker/shared/itinerary.schema";
import { useAddDay } from "../api/add-day";
import { useCopyDay } from "../api/copy-day";
import { useDeleteDay } from "../api/delete-day";
import { useLinkDayImage } from "../api/link-day-image";
import { useReorderDays } from "../api/reorder-days";
import { useUpdateDay, type DayChange } from "../api/update-day";
import { useUploadDayImage } from "../api/upload-day-image";
import { signedUpCount } from "../places-text";
import { ActivityEditor } from "./activity-editor";
import { AddActivityModal } from "./add-activity-modal";
import { EditingBadge } from "./editing-badge";
import { ImageButton } from "./image-button";
import { ItineraryView } from "./itinerary-view";

// Only reorder mode needs drag and drop.
const SortableDayList = lazy(() => import("./sortable-day-list").then((m) => ({ default: m.SortableDayList })));

/**
 * The itinerary for its owner and hosts: the same three panes, every text, time, place and image editable in
 * place. Manage mode adds the day controls (copy, delete, reorder) and Add Activity (spec 2 §2, §6).
 */
/** The day's optional lines under its name, each edited in place. */
const DAY_NOTES = [
  { field: "subtitle", label: /*i18n*/ "Day subtitle", placeholder: /*i18n*/ "Add a subtitle" },
  { field: "description", label: /*i18n*/ "Day description", placeholder: /*i18n*/ "Add a description" },
] as const;

export function ItineraryEditor({ event, manage }: { event: ExperienceDetail; manage: boolean }) {
  const i18n = useI18n();
  const days = [...event.programs].sort((a, b) => a.dayIndex - b.dayIndex);
  const [selectedDayId, setSelectedDayId] = useState<string | null>(days[0]?.id ?? null);
  const [order, setOrder] = useState<string[] | null>(null);
  const [deleting, setDeleting] = useState<DayView | null>(null);
  const [adding, setAdding] = useState<DayView | null>(null);
  const [imageFor, setImageFor] = useState<DayView | null>(null);
  const updateDay = useUpdateDay(event.id);
  const deleteDay = useDeleteDay(event.id);
  const copyDay = useCopyDay(event.id);
  const reorderDays = useReorderDays(event.id);
  const addDay = useAddDay(event.id);
  const uploadDayImage = useUploadDayImage(event.id);
  const linkDayImage = useLinkDayImage(event.id);

  const saveDay = (day: DayView, change: DayChange) => updateDay.mutateAsync({ dayId: day.id, change });

  const removeDay = async (day: DayView) => {
    const removed = await deleteDay.mutateAsync(day.id).then(
      () => true,
      () => false,
    );
    if (removed && day.id === selectedDayId) setSelectedDayId(days.find((d) => d.id !== day.id)?.id ?? null);
    setDeleting(null);
  };

  const reordered = order ? order.map((id) => days.find((d) => d.id === id)!).filter(Boolean) : days;

  const toolbar =
    manage && order ? (
      <div className="mb-3 space-y-2 rounded-xl border border-brand-100 bg-brand-50 p-3">
        <p className="text-xs font-medium text-brand-900">{i18n._("Drag days by their handle or move them with the arrows, then save.")}</p>
        <div className="flex flex-wrap gap-2">
          <Button
            className="min-h-11 px-3 py-1.5 md:min-h-0"
            disabled={reorderDays.isPending}
            onClick={async () => {
              await reorderDays.mutateAsync(order).then(
                () => setOrder(null),
                () => undefined,
              );
            }}
          >
            {i18n._("Save")}
          </Button>
          <Button variant="secondary" className="min-h-11 px-3 py-1.5 md:min-h-0" onClick={() => setOrder(days.map((d) => d.id))}>
            {i18n._("Reset")}
          </Button>
          <Button variant="ghost" className="min-h-11 px-3 py-1.5 md:min-h-0" onClick={() => setOrder(null)}>
            {i18n._("Cancel")}
          </Button>
        </div>
      </div>
    ) : null;

  const dayAction = "min-h-11 min-w-11 rounded-md px-3 text-xs font-medium md:min-h-8 md:min-w-0 md:px-2";
  return (
    <>
      <ItineraryView
        days={event.programs}
        timeZone={event.timeZone}
        selectedDayId={selectedDayId}
        onSelectDay={setSelectedDayId}
        daysToolbar={toolbar}
        daysAction={
          manage && !order ? (
            <Button
              variant="secondary"
              className="min-h-11 px-3 py-1.5 text-xs md:min-h-0"
              onClick={() => setOrder(days.map((d) => d.id))}
              disabled={days.length < 2}
            >
              {i18n._("Reorder days")}
            </Button>
          ) : undefined
        }
        dayList={
          order ? (
            <Suspense fallback={null}>
              <SortableDayList days={reordered} dates={days.map((d) => d.date)} onReorder={setOrder} />
            </Suspense>
          ) : undefined
        }
        daysFooter={
          manage && !order ? (
            <Button
              variant="secondary"
              className="mt-2 min-h-11 w-full border-dashed md:min-h-0"
              disabled={addDay.isPending}
              onClick={() =>
                addDay.mutateAsync().then(
                  (day) => setSelectedDayId(day.id),
                  () => undefined,
                )
              }
            >
              <span aria-hidden>+</span> {i18n._("Add day")}
            </Button>
          ) : undefined
        }
        renderDayActions={
          manage
            ? (day) => (
                <div className="mt-2 flex gap-1 border-t border-slate-100 pt-2">
                  <button
                    type="button"
                    className={`${dayAction} text-slate-600 hover:bg-slate-100`}
                    aria-label={i18n._("Copy {name}", { name: day.name })}
                    onClick={() => copyDay.mutate(day.id)}
                  >
                    {i18n._("Copy")}
                  </button>
                  {days.length > 1 && (
                    <button
                      type="button"
                      className={`${dayAction} text-rose-600 hover:bg-rose-50`}
                      aria-label={i18n._("Delete {name}", { name: day.name })}
                      onClick={() => setDeleting(day)}
                    >
                      {i18n._("Delete")}
                    </button>
                  )}
                </div>
              )
            : undefined
        }
        renderDayHeader={(day) => (
          <div className="space-y-1">
            <ImageButton
              image={day.image}
              name={day.name}
              emptyLabel={i18n._("Add a day image")}
              onClick={() => setImageFor(day)}
              className="mb-2 aspect-[16/5] overflow-hidden rounded-xl bg-gradient-to-r from-slate-100 to-slate-200"
              revealChange
            />
            <InlineText
              label={i18n._("Day name")}
              value={day.name}
              onSave={(name) => saveDay(day, { name })}
              className="text-lg font-semibold text-slate-900"
            />
            {DAY_NOTES.map(({ field, label, placeholder }) => (
              <InlineText
                key={field}
                label={i18n._(label)}
                value={day[field]}
                optional
                placeholder={i18n._(placeholder)}
                onSave={(text) => saveDay(day, { [field]: text })}
                className="text-sm text-slate-600"
              />
            ))}
          </div>
        )}
        renderAddActivity={
          manage
            ? (day) => (
                <Button variant="secondary" className="mt-3" onClick={() => setAdding(day)}>
                  {i18n._("Add Activity")}
                </Button>
              )
            : undefined
        }
        renderActivityDetails={(activity, day) => <ActivityEditor key={activity.id} event={event} day={day} activity={activity} />}
        renderActivityBadge={(activity) => (
          <>
            {activity.signup && <span className="block text-xs font-medium text-brand-700">{signedUpCount(activity.signup)}</span>}
            <EditingBadge eventId={event.id} activityId={activity.id} />
          </>
        )}
      />
      {deleting && (
        <ConfirmDialog
          message={i18n._("Are you sure you want to delete this day? This action cannot be undone.")}
          onConfirm={() => removeDay(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
      {adding && <AddActivityModal event={event} day={adding} onClose={() => setAdding(null)} />}
      {imageFor && (
        <SelectImageModal
          errors="toast"
          onClose={() => setImageFor(null)}
          onUpload={(file) => uploadDayImage.mutateAsync({ dayId: imageFor.id, file })}
          onPick={(image) => linkDayImage.mutateAsync({ dayId: imageFor.id, image })}
        />
      )}
    </>
  );
}
