import { useState, type FormEvent } from "react";
import { DialogFooter } from "@web/components/ui/dialog-footer";
import { FormError, TextField } from "@web/components/ui/field";
import { errorMessage } from "@web/lib/api-client";
import { useI18n } from "@web/lib/i18n";
import type { ExperienceDetail } from "@worker/features/experiences/experiences.schema";
import { formatDay, gapMessage, instantAt, zoneName } from "@worker/shared/time-zone";
import { useCreateList } from "../api/create-list";

type Scope = "day" | "activity";

/** A typed 'YYYY-MM-DDTHH:mm' on the experience's clock as the API reads it, or the words of why it is no time. */
function zonedIso(local: string, zone: string): { iso: string | null } | { error: string } {
  if (!local) return { iso: null };
  const [date = "", time = ""] = local.split("T");
  const resolved = instantAt(date, time, zone);
  if ("gap" in resolved) return { error: gapMessage(date, time, zone) };
  return { iso: new Date(resolved.instant).toISOString() };
}

/** 'New list': a day or one activity of the itinerary, an optional window on the experience's clock, re-entry. */
export function NewListForm({ event, onDone }: { event: ExperienceDetail; onDone: () => void }) {
  const i18n = useI18n();
  const create = useCreateList(event.id);
  const [name, setName] = useState("");
  const [scope, setScope] = useState<Scope>("day");
  const [dayId, setDayId] = useState(event.programs[0]?.id ?? "");
  const activities = event.programs.flatMap((day) => day.activities.map((activity) => ({ ...activity, day })));
  const [activityId, setActivityId] = useState(activities[0]?.id ?? "");
  const [opensAt, setOpensAt] = useState("");
  const [closesAt, setClosesAt] = useState("");
  const [reentry, setReentry] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const zone = event.timeZone;

  function submit(submitted: FormEvent) {
    submitted.preventDefault();
    const opens = zonedIso(opensAt, zone);
    const closes = zonedIso(closesAt, zone);
    if ("error" in opens || "error" in closes) return setError("error" in opens ? opens.error : (closes as { error: string }).error);
    setError(null);
    create.mutate(
      {
        name,
        dayId: scope === "day" ? dayId || null : null,
        activityId: scope === "activity" ? activityId || null : null,
        opensAt: opens.iso,
        closesAt: closes.iso,
        reentry,
      },
      { onSuccess: onDone, onError: (failure) => setError(errorMessage(failure, i18n._("The list could not be added"))) },
    );
  }

  const select = "mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm";
  return (
    <form onSubmit={submit} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4" aria-label={i18n._("New list")}>
      <TextField
        label={i18n._("List name")}
        value={name}
        onChange={(change) => setName(change.target.value)}
        maxLength={80}
        required
        autoFocus
      />
      <fieldset className="flex flex-wrap gap-4 text-sm">
        <legend className="mb-1 font-medium text-slate-700">{i18n._("For")}</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name="list-scope" checked={scope === "day"} onChange={() => setScope("day")} /> {i18n._("A whole day")}
        </label>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name="list-scope"
            checked={scope === "activity"}
            onChange={() => setScope("activity")}
            disabled={activities.length === 0}
          />
          {i18n._("One activity")}
        </label>
      </fieldset>
      {scope === "day" ? (
        <label className="block text-sm font-medium text-slate-700">
          {i18n._("Day")}
          <select className={select} value={dayId} onChange={(change) => setDayId(change.target.value)}>
            {event.programs.map((day) => (
              <option key={day.id} value={day.id}>
                {formatDay(day.date)}
                {day.name ? ` · ${day.name}` : ""}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <label className="block text-sm font-medium text-slate-700">
          {i18n._("Activity")}
          <select className={select} value={activityId} onChange={(change) => setActivityId(change.target.value)}>
            {activities.map((activity) => (
              <option key={activity.id} value={activity.id}>
                {formatDay(activity.day.date)} · {activity.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={i18n._("Opens ({zone}, optional)", { zone: zoneName(Date.now(), zone) })}
          type="datetime-local"
          value={opensAt}
          onChange={(change) => setOpensAt(change.target.value)}
        />
        <TextField
          label={i18n._("Closes ({zone}, optional)", { zone: zoneName(Date.now(), zone) })}
          type="datetime-local"
          value={closesAt}
          onChange={(change) => setClosesAt(change.target.value)}
        />
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" checked={reentry} onChange={(change) => setReentry(change.target.checked)} />{" "}
        {i18n._("Re-entry: a guest may be checked in again")}
      </label>
      {error && <FormError>{error}</FormError>}
      <DialogFooter
        onCancel={onDone}
        busy={create.isPending}
        label={i18n._("Add list")}
        busyLabel={i18n._("Adding…")}
        className="flex justify-end gap-2"
      />
    </form>
  );
}
