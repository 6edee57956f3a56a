import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { InlineText } from "../../../components/ui/inline-text";
import { toast } from "../../../components/ui/toast";
import { formatDuration } from "../../../lib/dates";
import type { Activity, ActivityLocation, EventDetail, Program } from "../../../lib/types";
import { itineraryApi, type ActivityChange } from "../api/itinerary";
import { ActivityDocumentsPanel } from "./activity-documents-panel";
import { locationText, MapsLink } from "./itinerary-view";
import { PlaceInput } from "./place-input";
import { SelectImageModal } from "./select-image-modal";
import { TimeRangeEditor } from "./time-range-editor";

/** The details pane in manage mode: every field of the activity edits in place. */
export function ActivityEditor({ event, day, activity }: { event: EventDetail; day: Program; activity: Activity }) {
  const queryClient = useQueryClient();
  const [panel, setPanel] = useState<"image" | "documents" | "delete" | null>(null);
  const [location, setLocation] = useState<ActivityLocation>(activity.location);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["event", event.id] });

  const save = async (change: ActivityChange) => {
    try {
      await itineraryApi.updateActivity(event.id, day.id, activity.id, change);
      toast.success("Activity updated successfully");
      await refresh();
    } catch {
      toast.error("Failed to update activity");
      return false;
    }
  };

  const remove = async () => {
    try {
      await itineraryApi.deleteActivity(event.id, day.id, activity.id);
      toast.success("Activity deleted successfully");
      await refresh();
    } catch {
      toast.error("Failed to delete activity");
      setPanel(null);
    }
  };

  const saveLocation = (next: ActivityLocation) => {
    if (JSON.stringify(next ?? "") !== JSON.stringify(activity.location ?? "")) void save({ location: next });
  };

  return (
    <article className="overflow-hidden rounded-xl border border-slate-200 bg-white" aria-label={`Edit ${activity.name}`}>
      <button type="button" onClick={() => setPanel("image")} className="group relative block aspect-video w-full bg-gradient-to-br from-slate-100 to-slate-200 text-sm text-slate-500">
        {activity.image ? <img src={activity.image.original} alt="" className="absolute inset-0 size-full object-cover" /> : <span className="grid h-full place-items-center">Add an image</span>}
        <span className="absolute right-2 bottom-2 rounded-md bg-white/90 px-2 py-0.5 text-xs font-medium text-slate-700">Change image</span>
      </button>
      <div className="space-y-3 p-4">
        <InlineText label="Activity name" value={activity.name} multiline onSave={(name) => save({ name })} className="text-lg font-semibold text-slate-900" />
        <InlineText label="Activity subtitle" value={activity.subtitle} multiline placeholder="Add a subtitle" onSave={(subtitle) => save({ subtitle })} className="text-slate-600" />
        <div>
          <TimeRangeEditor
            debounce
            start={Date.parse(activity.startDateTime)}
            end={Date.parse(activity.endDateTime)}
            onError={(message) => toast.error(message)}
            onChange={(range) => save({ startIsoTime: new Date(range.start).toISOString(), endIsoTime: new Date(range.end).toISOString() })}
          />
          <p className="mt-1 text-xs text-slate-500">Times in UTC · {formatDuration(activity.startDateTime, activity.endDateTime)}</p>
        </div>
        <div
          onBlur={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget as Node | null) && typeof location === "string") saveLocation(location.trim() || null);
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
        <InlineText label="Activity description" value={activity.description} multiline placeholder="Add a description" onSave={(description) => save({ description })} className="text-sm text-slate-700" />
        <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-3">
          <Button variant="secondary" className="px-3 py-1.5" onClick={() => setPanel("documents")}>
            Documents ({activity.documents.length})
          </Button>
          <Button variant="ghost" className="px-3 py-1.5 text-rose-600 hover:bg-rose-50" onClick={() => setPanel("delete")}>
            Delete activity
          </Button>
        </div>
      </div>
      {panel === "image" && (
        <SelectImageModal
          onClose={() => setPanel(null)}
          onUpload={async (file) => {
            await itineraryApi.uploadActivityImage(event.id, day.id, activity.id, file);
            await refresh();
          }}
          onPick={async (image) => {
            await itineraryApi.externalActivityImage(event.id, day.id, activity.id, image);
            await refresh();
          }}
        />
      )}
      {panel === "documents" && <ActivityDocumentsPanel eventId={event.id} activity={activity} canEdit onClose={() => setPanel(null)} />}
      {panel === "delete" && <ConfirmDialog message="Are you sure you want to delete this activity?" onConfirm={remove} onClose={() => setPanel(null)} />}
    </article>
  );
}
