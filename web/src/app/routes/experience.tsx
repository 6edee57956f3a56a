import { useParams } from "react-router-dom";
import { SubscribeButton } from "@web/features/calendar/components/subscribe-button";
import { ExperienceHeader, CALENDAR_ACTION } from "@web/features/experiences/components/experience-header";
import {
  ExperiencePageStatus,
  ExperienceScreen,
  ExperienceTabBar,
  PreviewNote,
  useExperiencePage,
} from "@web/features/experiences/experience-page";
import { ManageBreadcrumb } from "@web/features/experiences/manage-page";
import { GuestFeedback } from "@web/features/feedback/guest-feedback";
import { HistoryButton } from "@web/features/history/history-button";
import { NextUpCard } from "@web/features/itinerary/components/next-up-card";
import { ChangesNote, usePrefetchChanges } from "@web/features/notifications/changes-note";
import { ChangesSince } from "@web/features/notifications/changes-since";
import { NotifyMeButton } from "@web/features/notifications/notify-me-button";
import { OfflineBanner } from "@web/features/offline/offline-banner";
import { WhileYouWereOffline } from "@web/features/offline/while-you-were-offline";
import { PassCard } from "@web/features/pass/components/pass-card";
import { RsvpHeader } from "@web/features/rsvp/rsvp-header";

/**
 * The experience's page (features/experiences) with, from the other features: offline 'Offline — updated …' then 'While
 * you were offline' (features/offline, with the change log's lines from features/notifications), 'Notify me', 'Subscribe
 * to calendar' beside 'Add to calendar' and manage mode's 'History' in its header, the RSVP row under it, the 'Next up'
 * card and an attending guest's pass above its tabs (the guests' page), the feedback button (guests, and the preview)
 * ending its tab bar, and 'What changed since you last looked' above the itinerary (fetched as the page opens, beside the
 * experience). Features import no other feature, so they meet here.
 */
export function ExperienceRoute({ manageRoute }: { manageRoute: boolean }) {
  const page = useExperiencePage(manageRoute);
  usePrefetchChanges(useParams().eventId ?? "");
  if (page.status !== "ready") return <ExperiencePageStatus page={page} />;
  const { event, manage, preview, base, current, manageTab, schedule } = page;
  return (
    <ExperienceScreen page={page}>
      <OfflineBanner event={event} />
      <WhileYouWereOffline event={event} changesSince={ChangesSince} />
      {manageRoute && (
        <ManageBreadcrumb tab={manageTab} schedule={schedule} experienceName={event.name} isPrivate={event.privacy === "PRIVATE"} />
      )}
      <ExperienceHeader
        event={event}
        manage={manage}
        afterDelete={`/manage/${manageTab}/${schedule}`}
        notify={<NotifyMeButton event={event} />}
        subscribe={<SubscribeButton className={CALENDAR_ACTION} />}
        history={<HistoryButton event={event} />}
      />
      {preview ? <PreviewNote event={event} tab={current} /> : <RsvpHeader event={event} manage={manage} />}
      {!manage && <NextUpCard itinerary={event} itineraryPath={`${base}/itinerary`} />}
      <PassCard event={event} manage={manage} />
      <ExperienceTabBar page={page}>
        <GuestFeedback event={event} manage={manage} />
      </ExperienceTabBar>
      {current === "itinerary" && <ChangesNote event={event} />}
    </ExperienceScreen>
  );
}
