import type { ReactNode } from "react";
import { RsvpBadge } from "@web/components/rsvp-badge/rsvp-badge";
import { Avatar } from "@web/components/ui/avatar";
import { UserText } from "@web/components/ui/user-text";
import { useI18n } from "@web/lib/i18n";
import type { Attendee } from "@worker/features/rsvp/rsvp.schema";
import { attendeeName } from "../attendee-groups";

/** Every row has this height, so the virtual list knows where each one is without measuring. */
export const ROW_HEIGHT = 72;

interface AttendeeRowProps {
  attendee: Attendee;
  /** The list has a checkbox column (an organiser's ATTENDING, DECLINED or approval group). */
  column: boolean;
  /** Present only when this row may be ticked (never the owner's or the viewer's own). */
  checkbox?: { checked: boolean; onChange: () => void };
  /** The row's own menu, at its end (a pending invitation's, for organisers). */
  menu?: ReactNode;
}

export function AttendeeRow({ attendee, column, checkbox, menu }: AttendeeRowProps) {
  const i18n = useI18n();
  const { user } = attendee;
  const name = attendeeName(attendee);
  return (
    <div className="flex h-full items-center gap-3 border-b border-slate-100 px-3">
      {column && (
        <span className="grid w-5 shrink-0 place-items-center">
          {checkbox && (
            <input
              type="checkbox"
              aria-label={i18n._("Select {name}", { name })}
              checked={checkbox.checked}
              onChange={checkbox.onChange}
              className="size-4 accent-brand-600"
            />
          )}
        </span>
      )}
      <Avatar src={user.profilePic?.thumbnail} name={name} className="size-9" />
      <div className="min-w-0 flex-1">
        <p className="flex min-w-0 items-center gap-1.5 text-sm font-medium text-slate-900">
          <UserText className="truncate">{name}</UserText>
          {user.isOwner && <Mark>{i18n._("Owner")}</Mark>}
          {user.isHost && !user.isOwner && <Mark>{i18n._("Host")}</Mark>}
        </p>
        {(user.organisation || user.tags.length > 0) && (
          <p className="truncate text-xs text-slate-500">
            <UserText>{user.organisation}</UserText>
            {user.organisation && user.tags.length > 0 && " · "}
            {user.tags.map((tag) => (
              <UserText key={tag} className="me-1 inline-block rounded bg-slate-100 px-1.5 py-px text-[11px] text-slate-600">
                {tag}
              </UserText>
            ))}
          </p>
        )}
      </div>
      <RsvpBadge status={attendee.status} />
      {menu}
    </div>
  );
}

function Mark({ children }: { children: string }) {
  return (
    <span className="shrink-0 rounded bg-brand-50 px-1.5 py-px text-[11px] font-semibold text-brand-700 ring-1 ring-brand-200 ring-inset">
      {children}
    </span>
  );
}
