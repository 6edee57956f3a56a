import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { TimeZonePicker } from "@web/components/time-zone-picker/time-zone-picker";
import { Button } from "@web/components/ui/button";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { Modal } from "@web/components/ui/modal";
import { PRIVACY_WORDS, RSVP_TYPE_WORDS } from "@web/lib/experience-words";
import { useI18n } from "@web/lib/i18n";
import { type ExperienceDetail } from "@worker/features/experiences/experiences.schema";
import { zoneName } from "@worker/shared/time-zone";
import { useDeleteExperience } from "../api/delete-experience";
import { useExperienceChoices } from "../api/experience-choices";
import { CapacityForm } from "./capacity-form";
import { ChoiceGroup } from "./choice-group";
import { DetailsForm } from "./details-form";
import { ExperienceLanguage } from "./experience-language";
import { TimeZoneDialog } from "./time-zone-dialog";
import { VenueForm } from "./venue-form";

/**
 * Experience Settings: the details (saved together), the venue, the time zone (after asking what happens to the times), who sees it
 * and who can join (each saved at once); delete for the owner.
 */
export function SettingsPanel({ event, afterDelete, onClose }: { event: ExperienceDetail; afterDelete: string; onClose: () => void }) {
  const i18n = useI18n();
  const navigate = useNavigate();
  // A choice shows at once; the radios return to the server's value if it refuses.
  const { choices, choose } = useExperienceChoices(event);
  const [confirming, setConfirming] = useState(false);
  // A zone picked but not yet moved to: the dialog asks what happens to the times. Cancelled, the picker shows the zone again.
  const [movingTo, setMovingTo] = useState<string | null>(null);
  const [pickerKey, setPickerKey] = useState(0);
  const remove = useDeleteExperience(event.id, {
    onSuccess: () => navigate(afterDelete, { replace: true }),
    onError: () => setConfirming(false),
  });

  return (
    <Modal title={i18n._("Experience Settings")} onClose={onClose} placement="end" size="sm">
      <div className="space-y-6">
        <DetailsForm event={event} />
        <VenueForm event={event} />
        <TimeZonePicker
          key={pickerKey}
          label={i18n._("Time zone")}
          value={event.timeZone}
          hint={i18n._("Its days and times are in {zone}.", { zone: zoneName(Date.now(), event.timeZone) })}
          onChange={(zone) => setMovingTo(zone)}
        />
        <ExperienceLanguage event={event} />
        <ChoiceGroup
          legend={i18n._("Who sees it")}
          words={PRIVACY_WORDS}
          value={choices.privacy}
          onChange={(privacy) => choose({ privacy })}
        />
        <ChoiceGroup
          legend={i18n._("Who can join")}
          words={RSVP_TYPE_WORDS}
          value={choices.rsvpType}
          onChange={(rsvpType) => choose({ rsvpType })}
        />
        <CapacityForm event={event} />
        {event.isOwner && (
          <div className="border-t border-slate-100 pt-5">
            <Button variant="danger" className="w-full" onClick={() => setConfirming(true)}>
              {i18n._("Delete experience")}
            </Button>
          </div>
        )}
      </div>
      {movingTo && (
        <TimeZoneDialog
          eventId={event.id}
          from={event.timeZone}
          to={movingTo}
          onClose={() => {
            setMovingTo(null);
            setPickerKey((key) => key + 1);
          }}
        />
      )}
      {confirming && (
        <ConfirmDialog
          message={i18n._("Are you sure you want to delete this event?")}
          onConfirm={() => remove.mutateAsync().catch(() => undefined)}
          onClose={() => setConfirming(false)}
        />
      )}
    </Modal>
  );
}
