import { useState } from "react";
import { Button } from "@web/components/ui/button";
import { TextField } from "@web/components/ui/field";
import { Modal } from "@web/components/ui/modal";
import { useI18n } from "@web/lib/i18n";
import { useSetAttendeeGroups } from "../api/set-attendee-groups";

/** Adds a group ('VIP', 'Speaker') to the ticked people, or takes it off them: it decides who sees activities limited to it. */
export function GroupsDialog({
  eventId,
  rsvps,
  onDone,
  onClose,
}: {
  eventId: string;
  rsvps: string[];
  onDone: () => void;
  onClose: () => void;
}) {
  const i18n = useI18n();
  const [group, setGroup] = useState("");
  const groups = useSetAttendeeGroups(eventId);
  const name = group.trim();
  const change = (side: "add" | "remove") =>
    groups.mutateAsync({ rsvps, [side]: [name] }).then(
      () => {
        onDone();
        onClose();
      },
      () => undefined,
    );
  return (
    <Modal title={i18n._("Attendee group")} onClose={onClose} size="sm">
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (name) void change("add");
        }}
      >
        <TextField
          label={i18n._("Group")}
          value={group}
          maxLength={50}
          onChange={(e) => setGroup(e.target.value)}
          hint={i18n._(
            "{count, plural, one {For # person. Activities limited to a group show only to its people.} other {For # people. Activities limited to a group show only to its people.}}",
            { count: rsvps.length },
          )}
        />
        <div className="flex flex-wrap justify-end gap-3">
          <Button type="button" variant="secondary" onClick={onClose} disabled={groups.isPending}>
            {i18n._("Cancel")}
          </Button>
          <Button type="button" variant="secondary" disabled={!name || groups.isPending} onClick={() => void change("remove")}>
            {i18n._("Remove from group")}
          </Button>
          <Button type="submit" disabled={!name || groups.isPending}>
            {i18n._("Add to group")}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
