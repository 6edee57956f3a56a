import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { Modal } from "../../../components/ui/modal";
import { toast } from "../../../components/ui/toast";
import { localToday, scheduleStatus } from "../../../lib/dates";
import type { Privacy } from "../../../lib/types";
import { eventsApi } from "../api";

/** Owner only: a copy of the experience from a new start date, with every day and activity shifted. */
export function CloneDialog({ eventId, initialPrivacy, onClose }: { eventId: string; initialPrivacy: Privacy; onClose: () => void }) {
  const today = localToday();
  const [start, setStart] = useState(today);
  const [privacy, setPrivacy] = useState<Privacy>(initialPrivacy);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const clone = useMutation({
    mutationFn: () => eventsApi.clone(eventId, `${start}T00:00:00.000Z`, privacy),
    onSuccess: async (created) => {
      toast.success("Event cloned successfully");
      await queryClient.invalidateQueries({ queryKey: ["events"] });
      onClose();
      navigate(`/manage/experiences/${scheduleStatus(created.startTime, created.endTime)}/${created.id}`);
    },
    onError: () => toast.error("Failed to clone event"),
  });

  return (
    <Modal title="Clone experience" onClose={onClose} size="sm">
      <form
        className="space-y-5"
        onSubmit={(e) => {
          e.preventDefault();
          if (start >= today) clone.mutate();
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
