import { useI18n } from "@web/lib/i18n";
/** Where the person's RSVP will stand, announced while it loads; `className` draws the placeholder. */
export function RsvpLoading({ className }: { className: string }) {
  const i18n = useI18n();
  return <span role="status" aria-busy="true" aria-label={i18n._("Loading your RSVP")} className={className} />;
}
