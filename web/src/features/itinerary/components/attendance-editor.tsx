import { useState } from "react";
import { Button } from "@web/components/ui/button";
import { SelectField, TextField } from "@web/components/ui/field";
import { errorMessage } from "@web/lib/api-client";
import { useI18n } from "@web/lib/i18n";
import type { ActivityView } from "@worker/shared/itinerary.schema";
import { instantAtOrAfterGap, localIso } from "@worker/shared/time-zone";
import { useUpdateActivity, type ActivityChange, type ActivityRef } from "../api/update-activity";
import { signedUpCount } from "../places-text";
import { SignupsPanel } from "./signups-panel";

/** A datetime-local value on the activity's clock, as an instant (ISO); empty: null. */
const instantOf = (value: string, zone: string) => {
  if (!value) return null;
  const [date, time] = value.split("T") as [string, string];
  return new Date(instantAtOrAfterGap(date, time, zone)).toISOString();
};
const wallOf = (iso: string | null, zone: string) => (iso ? localIso(Date.parse(iso), zone).slice(0, 16) : "");
const groupsText = (groups: string[]) => groups.join(", ");

/**
 * The editor's attendance (docs/programme.md): everyone, or guests who sign up for its places, with its window; the
 * groups it is shown to; and for a sign-up activity its count and the list of who is in and who waits.
 */
export function AttendanceEditor({ activity, path }: { activity: ActivityView; path: ActivityRef }) {
  const i18n = useI18n();
  const update = useUpdateActivity(path);
  const [error, setError] = useState<string | null>(null);
  const [listOpen, setListOpen] = useState(false);
  const zone = activity.timeZone;
  const save = (change: ActivityChange) => {
    setError(null);
    update.mutate(change, { onError: (failure) => setError(errorMessage(failure)) });
  };
  const signup = activity.signup;
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-700">{i18n._("Who attends")}</legend>
      <SelectField
        label={i18n._("Attendance")}
        value={activity.attendance}
        onChange={(e) => save({ attendance: e.target.value as ActivityView["attendance"] })}
      >
        <option value="EVERYONE">{i18n._("Every guest attends")}</option>
        <option value="SIGNUP">{i18n._("Guests sign up")}</option>
      </SelectField>
      {signup && (
        <>
          <TextField
            key={`places-${signup.capacity}`}
            label={i18n._("Places (optional)")}
            type="number"
            min={1}
            inputMode="numeric"
            defaultValue={signup.capacity ?? ""}
            hint={i18n._("Empty for no limit. When it is full, guests join a waitlist.")}
            onBlur={(e) => {
              const next = e.target.value.trim() === "" ? null : Number(e.target.value);
              if (next !== signup.capacity) save({ capacity: next });
            }}
          />
          <TextField
            key={`opens-${signup.opensAt}`}
            label={i18n._("Signing up opens (optional)")}
            type="datetime-local"
            defaultValue={wallOf(signup.opensAt, zone)}
            onBlur={(e) => {
              const next = instantOf(e.target.value, zone);
              if (next !== signup.opensAt) save({ signupOpensAt: next });
            }}
          />
          <TextField
            key={`closes-${signup.closesAt}`}
            label={i18n._("Signing up closes")}
            type="datetime-local"
            defaultValue={wallOf(signup.closesAt, zone)}
            hint={i18n._("By default when the activity starts.")}
            onBlur={(e) => {
              const next = instantOf(e.target.value, zone);
              if (next !== signup.closesAt) save({ signupClosesAt: next });
            }}
          />
          <div className="flex flex-wrap items-center gap-2">
            <p className="text-sm text-slate-700">{signedUpCount(signup)}</p>
            <Button variant="secondary" className="px-3 py-1.5" onClick={() => setListOpen(true)}>
              {i18n._("Sign-ups")}
            </Button>
          </div>
        </>
      )}
      <TextField
        key={`groups-${groupsText(activity.groups)}`}
        label={i18n._("Only for these groups (optional)")}
        defaultValue={groupsText(activity.groups)}
        hint={i18n._("Attendee groups, separated by commas (VIP, Speaker). Empty: every guest sees it.")}
        onBlur={(e) => {
          const next = e.target.value
            .split(",")
            .map((group) => group.trim())
            .filter(Boolean);
          if (groupsText(next) !== groupsText(activity.groups)) save({ groups: next });
        }}
      />
      {error && (
        <p role="alert" className="text-xs font-medium text-rose-600">
          {error}
        </p>
      )}
      {listOpen && <SignupsPanel activity={activity} path={path} onClose={() => setListOpen(false)} />}
    </fieldset>
  );
}
