/** Where the person's RSVP will stand, announced while it loads; `className` draws the placeholder. */
export function RsvpLoading({ className }: { className: string }) {
  return <span role="status" aria-busy="true" aria-label="Loading your RSVP" className={className} />;
}
