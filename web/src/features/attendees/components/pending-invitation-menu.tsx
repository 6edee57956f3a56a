import { EllipsisIcon } from "@web/components/ui/icons";
import { Menu } from "@web/components/ui/menu";
import { useI18n } from "@web/lib/i18n";
import type { Attendee } from "@worker/features/rsvp/rsvp.schema";
import { useResendInvitation, useWithdrawInvitation } from "../api/pending-invitation";
import { attendeeName } from "../attendee-groups";

/** One pending invitation's menu (the Pending group keeps no checkboxes, spec 2 §8): send it again, or withdraw it. */
export function PendingInvitationMenu({ eventId, attendee }: { eventId: string; attendee: Attendee }) {
  const i18n = useI18n();
  const resend = useResendInvitation(eventId);
  const withdraw = useWithdrawInvitation(eventId);
  return (
    <Menu
      buttonLabel={i18n._("Invitation actions for {name}", { name: attendeeName(attendee) })}
      buttonClassName="grid size-11 shrink-0 place-items-center rounded-lg text-slate-600 hover:bg-slate-100"
      items={[
        { label: i18n._("Resend invitation"), onSelect: () => resend.mutate(attendee.id), disabled: resend.isPending },
        {
          label: i18n._("Withdraw invitation"),
          tone: "danger",
          onSelect: () => withdraw.mutate(attendee.id),
          disabled: withdraw.isPending,
        },
      ]}
    >
      <EllipsisIcon />
    </Menu>
  );
}
