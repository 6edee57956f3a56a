import { useState } from "react";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import type { MenuItem } from "@web/components/ui/menu";
import { useI18n } from "@web/lib/i18n";
import { CONFIRM_REMOVE, type Attendee, type HostAction } from "@worker/features/rsvp/rsvp.schema";
import type { Group } from "@worker/shared/attendee-groups";
import { useAnswerRequests } from "../api/answer-requests";
import { useMakeHosts } from "../api/make-hosts";
import { useRemoveAttendees } from "../api/remove-attendees";
import { useRemoveHosts } from "../api/remove-hosts";
import { useSendReminder } from "../api/send-reminder";
import { ActionMenu } from "./action-menu";
import { GroupsDialog } from "./groups-dialog";

const guidsOf = (attendees: Attendee[]) => attendees.flatMap(({ user }) => (user.guid ? [user.guid] : []));

interface GroupActionsProps {
  eventId: string;
  group: Exclude<Group, "ALL" | "WAITLIST">;
  /** The ticked rows the actions apply to. */
  selected: Attendee[];
  /** After an action succeeded: the selection is cleared. */
  onDone: () => void;
}

/** Spec 2 §6: the organisers' action menu of each group; the hooks say what happened in a toast. */
export function GroupActions({ eventId, group, selected, onDone }: GroupActionsProps) {
  const i18n = useI18n();
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [groupsOpen, setGroupsOpen] = useState(false);
  const answer = useAnswerRequests(eventId);
  const remind = useSendReminder(eventId);
  const remove = useRemoveAttendees(eventId);
  const makeHosts = useMakeHosts(eventId);
  const removeHosts = useRemoveHosts(eventId);

  // Failures are already shown by the hook's toast; the selection stays for another try.
  const settle = (action: Promise<unknown>) => action.then(onDone, () => undefined);
  const none = selected.length === 0;
  const hosts = selected.filter(({ user }) => user.isHost);
  const notHosts = selected.filter(({ user }) => !user.isHost);
  const hostAction = (label: string, status: HostAction): MenuItem => ({
    label,
    disabled: none || answer.isPending,
    onSelect: () => void settle(answer.mutateAsync({ status, rsvps: selected.map((a) => a.id) })),
  });

  const groupsItem: MenuItem = { label: i18n._("Attendee group…"), disabled: none, onSelect: () => setGroupsOpen(true) };
  const actions: Record<GroupActionsProps["group"], MenuItem[]> = {
    ATTENDING: [
      { label: i18n._("Remove attendee"), disabled: none, onSelect: () => setConfirmRemove(true) },
      {
        label: i18n._("Make host"),
        disabled: notHosts.length === 0 || makeHosts.isPending,
        onSelect: () => void settle(makeHosts.mutateAsync(guidsOf(notHosts))),
      },
      {
        label: i18n._("Remove as host"),
        disabled: hosts.length === 0 || removeHosts.isPending,
        onSelect: () => void settle(removeHosts.mutateAsync(guidsOf(hosts))),
      },
      groupsItem,
    ],
    PENDING: [{ label: i18n._("Send reminder"), disabled: remind.isPending, onSelect: () => remind.mutate() }, groupsItem],
    HOST_APPROVAL_REQUESTED: [hostAction(i18n._("Approve"), "YES"), hostAction(i18n._("Reject"), "NO")],
    DECLINED: [hostAction(i18n._("Resend invite"), "REQUESTED")],
  };

  const removing = guidsOf(selected);
  return (
    <>
      <ActionMenu actions={actions[group]} />
      {groupsOpen && (
        <GroupsDialog eventId={eventId} rsvps={selected.map((a) => a.id)} onDone={onDone} onClose={() => setGroupsOpen(false)} />
      )}
      {confirmRemove && (
        <ConfirmDialog
          title={i18n._("Remove attendees")}
          message={i18n._(CONFIRM_REMOVE, { count: removing.length })}
          confirmLabel={i18n._("Remove")}
          onConfirm={async () => {
            await settle(remove.mutateAsync(removing));
            setConfirmRemove(false);
          }}
          onClose={() => setConfirmRemove(false)}
        />
      )}
    </>
  );
}
