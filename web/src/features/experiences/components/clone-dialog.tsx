import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { DialogFooter } from "@web/components/ui/dialog-footer";
import { FormError, SwitchField, TextField } from "@web/components/ui/field";
import { Modal } from "@web/components/ui/modal";
import { errorMessage } from "@web/lib/api-client";
import { scheduleStatus } from "@web/lib/dates";
import { useFocusFirstInvalid } from "@web/lib/focus-first-invalid";
import { i18n as translator, useI18n } from "@web/lib/i18n";
import { cloneName, EXPERIENCE_MESSAGES, type ExperienceDetail } from "@worker/features/experiences/experiences.schema";
import { localDate } from "@worker/shared/time-zone";
import { useCloneExperience } from "../api/clone-experience";
import { DateRangeFields } from "./date-range-fields";

type Privacy = ExperienceDetail["privacy"];

/** The date a clone may start on, or why not: typed dates are kept as typed and judged on submit. */
function cloneDateError(start: string, today: string): string | undefined {
  const i18n = translator;
  if (!start) return i18n._("Start date is required");
  if (start < today) return i18n._(EXPERIENCE_MESSAGES.cloneNotPast);
  return undefined;
}

interface CloneDialogProps {
  eventId: string;
  /** The experience's name: the copy's starts as '{name} (copy)'. */
  experienceName: string;
  initialPrivacy: Privacy;
  /** The experience's zone, which the clone keeps: its 'today' is the first day a clone may take. */
  timeZone: string;
  onClose: () => void;
}

/** Owner only: a copy of the experience from a new start date (a local date of its zone), with every day and activity shifted. */
export function CloneDialog({ eventId, experienceName, initialPrivacy, timeZone, onClose }: CloneDialogProps) {
  const i18n = useI18n();
  const today = localDate(Date.now(), timeZone);
  const [name, setName] = useState(() => cloneName(experienceName));
  const [start, setStart] = useState(today);
  const [privacy, setPrivacy] = useState<Privacy>(initialPrivacy);
  const [errors, setErrors] = useState<{ name?: string; start?: string; form?: string }>({});
  const { ref, focusInvalid } = useFocusFirstInvalid();
  const navigate = useNavigate();
  const clone = useCloneExperience(eventId, {
    onSuccess: (created) => {
      onClose();
      navigate(`/manage/experiences/${scheduleStatus(created.startTime, created.endTime)}/${created.id}`);
    },
    onError: (error) => {
      setErrors({ form: errorMessage(error) });
      focusInvalid();
    },
  });

  return (
    <Modal title={i18n._("Clone experience")} onClose={onClose} size="sm">
      <form
        ref={ref}
        noValidate
        className="space-y-5"
        onSubmit={(e) => {
          e.preventDefault();
          const found = { name: name.trim() ? undefined : i18n._(EXPERIENCE_MESSAGES.nameRequired), start: cloneDateError(start, today) };
          setErrors(found);
          if (found.name || found.start) return focusInvalid();
          clone.mutate({ startDateTime: start, privacy, name: name.trim() });
        }}
      >
        <TextField
          label={i18n._("Name")}
          value={name}
          maxLength={200}
          error={errors.name}
          onChange={(e) => {
            setName(e.target.value);
            setErrors({});
          }}
        />
        <DateRangeFields
          start={start}
          min={today}
          errors={errors}
          onStart={(value) => {
            setStart(value);
            setErrors({});
          }}
        />
        <SwitchField
          label={i18n._("Private")}
          hint={i18n._("Only participants see the guests and the social feed")}
          checked={privacy === "PRIVATE"}
          onChange={(on) => setPrivacy(on ? "PRIVATE" : "PUBLIC")}
          className="rounded-lg border border-slate-300 px-3 py-2"
        />
        <p className="text-xs text-slate-600">
          {i18n._("Days and activities are copied and moved to the new dates. Guests, posts and RSVPs are not copied.")}
        </p>
        <FormError>{errors.form}</FormError>
        <DialogFooter onCancel={onClose} busy={clone.isPending} label={i18n._("Clone")} busyLabel={i18n._("Cloning...")} />
      </form>
    </Modal>
  );
}
