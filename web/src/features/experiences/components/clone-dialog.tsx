import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { Modal } from "../../../components/ui/modal";
import type { EventDetail } from "../../../../../worker/features/events/events.schema";
import { localToday, scheduleStatus } from "../../../lib/dates";
import { useCloneEvent } from "../api/clone-event";

type Privacy = EventDetail["privacy"];

/** Owner only: a copy of the experience from a new start date, with every day and activity shifted. */
export function CloneDialog({ eventId, initialPrivacy, onClose }: { eventId: string; initialPrivacy: Privacy; onClose: () => void }) {
  const today = localToday();
  const [start, setStart] = useState(today);
  const [privacy, setPrivacy] = useState<Privacy>(initialPrivacy);
  const navigate = useNavigate();
  const clone = useCloneEvent(eventId, {
    onSuccess: (created) => {
      onClose();
      navigate(`/manage/experiences/${scheduleStatus(created.startTime, created.endTime)}/${created.id}`);
    },
  });

  return (
    <Modal title="Clone experience" onClose={onClose} size="sm">
      <form
        className="space-y-5"
        onSubmit={(e) => {
          e.preventDefault();
          if (start >= today) clone.mutate({ startDateTime: `${start}T00:00:00.000Z`, privacy });
        }}
      >
        <TextField label="Start date" type="date" min={today} value={start} onChange={(e) => e.target.value >= today && setStart(e.target.value)} />
        <label className="flex items-center justify-between rounded-lg border border-slate-300 px-3 py-2">
          <span className="text-sm font-medium text-slate-800">Private</span>
          <input type="checkbox" role="switch" aria-label="Private" checked={privacy === "PRIVATE"} onChange={(e) => setPrivacy(e.target.checked ? "PRIVATE" : "PUBLIC")} className="size-5 accent-brand-600" />
        </label>
        <p className="text-xs text-slate-500">Days and activities are copied and moved to the new dates. Guests, posts and RSVPs are not copied.</p>
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={clone.isPending}>
            {clone.isPending ? "Cloning..." : "Clone"}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
