import { useMemo, useState } from "react";
import { useExperienceTab } from "@web/hooks/use-experience-tab";
import { useI18n } from "@web/lib/i18n";
import { ItineraryEditor } from "./components/itinerary-editor";
import { ItineraryView } from "./components/itinerary-view";
import { TimeZoneToggle } from "./components/time-zone-toggle";
import { inMyAgenda } from "./places-text";
import { useOpenActivity } from "./use-open-activity";

/**
 * Owners and hosts edit the itinerary in place (adding activities and copying, deleting or reordering days
 * only in manage mode); everyone else reads it, and sees changes live. On the view route an organiser reads
 * it as a guest does, activity documents included (every participant may read the common documents). A reader in another
 * zone than the experience's chooses whose clock its times are on. A guest of an experience with sign-up activities reads
 * the whole programme or My agenda: what they attend (docs/programme.md).
 */
export function ItineraryTab() {
  const { event, manage, canEdit } = useExperienceTab();
  const participant = event.isGuest || event.isOwner || event.isHost;
  const [openActivityId, opened] = useOpenActivity();
  const i18n = useI18n();
  const [mine, setMine] = useState(false);
  const hasSignups = event.programs.some((day) => day.activities.some((activity) => activity.signup));
  const agenda = event.isGuest && hasSignups && !canEdit;
  const days = useMemo(
    () => (agenda && mine ? event.programs.map((day) => ({ ...day, activities: day.activities.filter(inMyAgenda) })) : event.programs),
    [agenda, mine, event.programs],
  );
  const choice = (selected: boolean) =>
    `min-h-11 rounded-md px-3 text-sm font-medium md:min-h-9 ${selected ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900"}`;
  return (
    <>
      {agenda ? (
        <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
          <div role="group" aria-label={i18n._("Programme")} className="inline-flex rounded-lg bg-slate-100 p-1">
            <button type="button" aria-pressed={!mine} className={choice(!mine)} onClick={() => setMine(false)}>
              {i18n._("Whole programme")}
            </button>
            <button type="button" aria-pressed={mine} className={choice(mine)} onClick={() => setMine(true)}>
              {i18n._("My agenda")}
            </button>
          </div>
          <TimeZoneToggle timeZone={event.timeZone} />
        </div>
      ) : (
        <div className="mb-4 flex justify-end empty:hidden">
          <TimeZoneToggle timeZone={event.timeZone} />
        </div>
      )}
      {canEdit ? (
        <ItineraryEditor event={event} manage={manage} />
      ) : (
        <ItineraryView
          days={days}
          timeZone={event.timeZone}
          documentsEventId={participant ? event.id : undefined}
          signupReader={event.isGuest ? "guest" : "visitor"}
          openActivityId={openActivityId}
          onActivityOpened={opened}
        />
      )}
    </>
  );
}
