import { useEffect, useState } from "react";
import { useNavigate } from "react-router-dom";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { TextField } from "../../../components/ui/field";
import { Modal } from "../../../components/ui/modal";
import { RSVP_TYPE_VALUES, type EventDetail } from "../../../../../worker/features/events/events.schema";
import { useDeleteEvent } from "../api/delete-event";
import { useUpdateEvent } from "../api/update-event";
import { RSVP_TYPE_MEANING } from "../rsvp-type-meaning";

/** Experience Settings: privacy, name and rsvpType, each saved on its own; delete for the owner. */
export function SettingsPanel({ event, afterDelete, onClose }: { event: EventDetail; afterDelete: string; onClose: () => void }) {
  const navigate = useNavigate();
  const [name, setName] = useState(event.name);
  // Shown at once; put back if the server refuses.
  const [privacy, setPrivacy] = useState(event.privacy);
  const [rsvpType, setRsvpType] = useState(event.rsvpType);
  useEffect(() => {
    setPrivacy(event.privacy);
    setRsvpType(event.rsvpType);
  }, [event.privacy, event.rsvpType]);
  const [confirming, setConfirming] = useState(false);

  const update = useUpdateEvent(event.id, {
    onError: () => {
      setPrivacy(event.privacy);
      setRsvpType(event.rsvpType);
    },
  });
  const remove = useDeleteEvent(event.id, {
    onSuccess: () => navigate(afterDelete, { replace: true }),
    onError: () => setConfirming(false),
  });

  const saveName = () => {
    const trimmed = name.trim();
    if (!trimmed) return setName(event.name);
    if (trimmed !== event.name) update.mutate({ name: trimmed });
  };

  return (
    <Modal title="Experience Settings" onClose={onClose} placement="right" size="sm">
      <div className="space-y-6">
        <label className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 px-3 py-3">
          <span>
            <span className="block text-sm font-semibold text-slate-900">Private</span>
            <span className="block text-xs text-slate-500">Only participants can see the social feed and guest list.</span>
          </span>
          <input
            type="checkbox"
            role="switch"
            aria-label="Private"
            checked={privacy === "PRIVATE"}
            onChange={(e) => {
              const next = e.target.checked ? "PRIVATE" : "PUBLIC";
              setPrivacy(next);
              update.mutate({ privacy: next });
            }}
            className="size-5 accent-brand-600"
          />
        </label>
        <TextField
          label="Name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          onBlur={saveName}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              (e.target as HTMLInputElement).blur();
            }
          }}
        />
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">Who can join</legend>
          <div className="mt-1 space-y-2">
            {RSVP_TYPE_VALUES.map((value) => (
              <label key={value} className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 px-3 py-2 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50">
                <input
                  type="radio"
                  name="settings-rsvpType"
                  checked={rsvpType === value}
                  onChange={() => {
                    setRsvpType(value);
                    update.mutate({ rsvpType: value });
                  }}
                  className="mt-0.5 accent-brand-600"
                />
                <span>
                  <span className="font-medium text-slate-900">{value}</span>
                  <span className="block text-slate-500">{RSVP_TYPE_MEANING[value]}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        {event.isOwner && (
          <div className="border-t border-slate-100 pt-5">
            <Button variant="danger" className="w-full" onClick={() => setConfirming(true)}>
              Delete experience
            </Button>
          </div>
        )}
      </div>
      {confirming && <ConfirmDialog message="Are you sure you want to delete this event?" onConfirm={() => remove.mutateAsync().catch(() => undefined)} onClose={() => setConfirming(false)} />}
    </Modal>
  );
}
