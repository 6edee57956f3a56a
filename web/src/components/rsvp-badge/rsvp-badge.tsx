import { useI18n } from "@web/lib/i18n";
import { RSVP_STATUS_LABEL } from "@worker/shared/attendee-groups";
import type { RSVP_STATUS_VALUES } from "@worker/shared/views.schema";

// The RSVP header and the Attendees tab show a status the same way (spec 2 §4 names the badges).

export type RsvpStatus = (typeof RSVP_STATUS_VALUES)[number];

const TONE: Record<RsvpStatus, string> = {
  YES: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  HOST_APPROVAL_REQUESTED: "bg-amber-50 text-amber-800 ring-amber-200",
  NO: "bg-slate-100 text-slate-700 ring-slate-200",
  HOST_REMOVED: "bg-rose-50 text-rose-800 ring-rose-200",
  HOST_APPROVAL_DENIED: "bg-rose-50 text-rose-800 ring-rose-200",
  REQUESTED: "bg-sky-50 text-sky-800 ring-sky-200",
  ONBOARD_REQUESTED: "bg-sky-50 text-sky-800 ring-sky-200",
  MAYBE: "bg-slate-100 text-slate-700 ring-slate-200",
  EXPIRED: "bg-slate-100 text-slate-600 ring-slate-200",
  WAITLISTED: "bg-violet-50 text-violet-800 ring-violet-200",
};

export function RsvpBadge({ status }: { status: RsvpStatus }) {
  const i18n = useI18n();
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${TONE[status]}`}
    >
      {i18n._(RSVP_STATUS_LABEL[status])}
    </span>
  );
}
