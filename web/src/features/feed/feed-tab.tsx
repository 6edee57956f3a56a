import { useExperienceTab } from "@web/hooks/use-experience-tab";
import { useCurrentUser } from "@web/lib/session";
import { ReportedList } from "./components/reported-list";
import { Feed } from "./feed";
import type { FeedViewer } from "./viewer";

/**
 * The event page's Social tab: participants post, like, comment and report; the owner and hosts also moderate in manage
 * mode, with the 'Reported' list above the feed (their preview of the guests' page shows the feed as a guest has it);
 * others (public experiences only) read.
 */
export function FeedTab() {
  const { event, manage } = useExperienceTab();
  const user = useCurrentUser();
  const participant = event.isOwner || event.isHost || event.isGuest;
  const moderating = manage && (event.isOwner || event.isHost);
  const viewer: FeedViewer = participant && user ? { kind: "participant", guid: user.guid, organiser: moderating } : { kind: "reader" };
  return (
    <>
      {moderating && <ReportedList eventId={event.id} />}
      <Feed eventId={event.id} source="api" viewer={viewer} timeZone={event.timeZone} />
    </>
  );
}
