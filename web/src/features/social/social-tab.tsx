import { useEventTab } from "@web/lib/event-context";
import { useCurrentUser } from "@web/lib/session";
import { SocialFeed } from "./social-feed";
import type { FeedViewer } from "./viewer";

/** The event page's Social tab: participants post, like and comment; others (public experiences only) read. */
export function SocialTab() {
  const { event } = useEventTab();
  const user = useCurrentUser();
  const participant = event.isOwner || event.isHost || event.isGuest;
  const viewer: FeedViewer = participant && user ? { kind: "participant", guid: user.guid } : { kind: "reader" };
  return <SocialFeed eventId={event.id} source="api" viewer={viewer} timeZone={event.timeZone} />;
}
