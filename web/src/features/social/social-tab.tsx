import { useEventTab } from "@web/lib/event-context";
import { useCurrentUser } from "@web/lib/session";
import { ReportedList } from "./components/reported-list";
import { SocialFeed } from "./social-feed";
import type { FeedViewer } from "./viewer";

/**
 * The event page's Social tab: participants post, like, comment and report; the owner and hosts also moderate, with
 * the 'Reported' list above the feed; others (public experiences only) read.
 */
export function SocialTab() {
  const { event } = useEventTab();
  const user = useCurrentUser();
  const participant = event.isOwner || event.isHost || event.isGuest;
  const viewer: FeedViewer =
    participant && user ? { kind: "participant", guid: user.guid, organiser: event.isOwner || event.isHost } : { kind: "reader" };
  return (
    <>
      {(event.isOwner || event.isHost) && <ReportedList eventId={event.id} />}
      <SocialFeed eventId={event.id} source="api" viewer={viewer} timeZone={event.timeZone} />
    </>
  );
}
