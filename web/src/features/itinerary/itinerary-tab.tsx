import { useExperienceTab } from "@web/hooks/use-experience-tab";
import { ItineraryEditor } from "./components/itinerary-editor";
import { ItineraryView } from "./components/itinerary-view";
import { TimeZoneToggle } from "./components/time-zone-toggle";
import { useOpenActivity } from "./use-open-activity";

/**
 * Owners and hosts edit the itinerary in place (adding activities and copying, deleting or reordering days
 * only in manage mode); everyone else reads it, and sees changes live. On the view route an organiser reads
 * it as a guest does, activity documents included (every participant may read the common documents). A reader in another
 * zone than the experience's chooses whose clock its times are on.
 */
export function ItineraryTab() {
  const { event, manage, canEdit } = useExperienceTab();
  const participant = event.isGuest || event.isOwner || event.isHost;
  const [openActivityId, opened] = useOpenActivity();
  return (
    <>
      <div className="mb-4 flex justify-end empty:hidden">
        <TimeZoneToggle timeZone={event.timeZone} />
      </div>
      {canEdit ? (
        <ItineraryEditor event={event} manage={manage} />
      ) : (
        <ItineraryView
          days={event.programs}
          timeZone={event.timeZone}
          documentsEventId={participant ? event.id : undefined}
          openActivityId={openActivityId}
          onActivityOpened={opened}
        />
      )}
    </>
  );
}
