import { useQuery } from "@tanstack/react-query";
import { useId, type ComponentType } from "react";
import { Link, Navigate, NavLink, Outlet, useLocation, useParams } from "react-router-dom";
import { ScrollRow } from "@web/components/ui/scroll-row";
import { FullPageSpinner } from "@web/components/ui/spinner";
import { ApiError, errorMessage } from "@web/lib/api-client";
import { scheduleStatus } from "@web/lib/dates";
import type { ExperienceTabContext } from "@web/hooks/use-experience-tab";
import { useExperienceLive } from "@web/hooks/use-live";
import { itineraryMeta, usePageMeta } from "@web/hooks/use-page-meta";
import { NEEDS_CONNECTION, useOnline } from "@web/hooks/use-online";
import type { ExperienceDetail } from "@worker/features/experiences/experiences.schema";
import { experienceQueryOptions } from "./api/get-experience";
import { ExperienceHeader, type ExperienceSlot, type SubscribeSlot } from "./components/experience-header";
import { ManageBreadcrumb } from "./manage-page";

export type ExperienceTab = "itinerary" | "social" | "attendees" | "checkin" | "documents" | "bulletin" | "feedback";
const TAB_LABEL: Record<ExperienceTab, string> = {
  itinerary: "Itinerary",
  social: "Social",
  attendees: "Attendees",
  checkin: "Check-in",
  documents: "Documents",
  bulletin: "Bulletin",
  feedback: "Feedback",
};

/** Spec 2 §2: which tabs a person sees, by role and mode. */
export function allowedTabs(event: Pick<ExperienceDetail, "isOwner" | "isHost" | "isGuest" | "privacy">, manage: boolean): ExperienceTab[] {
  const organiser = event.isOwner || event.isHost;
  const participant = organiser || event.isGuest;
  const tabs: ExperienceTab[] = ["itinerary"];
  if (participant) tabs.push("social", "attendees");
  if (organiser && manage) tabs.push("checkin");
  if (participant) tabs.push("documents", "bulletin");
  else if (event.privacy !== "PRIVATE") tabs.push("social");
  if (organiser && manage) tabs.push("feedback");
  return tabs;
}

/** The RSVP row under the header, on every tab (features/rsvp): the app's router composes the two features. */
type RsvpHeaderSlot = ComponentType<{ event: ExperienceDetail; manage: boolean }>;

/** What ends the tab bar: the published feedback form, for guests and an organiser's preview (features/feedback), composed by the router. */
type TabBarEndSlot = ComponentType<{ event: ExperienceDetail; manage: boolean }>;

/** Above the tabs on the guests' page: the activity under way or next (features/itinerary), opening it in the itinerary at `itineraryPath`. */
type NextUpSlot = ComponentType<{ itinerary: ExperienceDetail; itineraryPath: string }>;

/** Above the tabs on the guests' page, under 'Next up' (the first screen stays its): an attending guest's pass (features/pass). */
type PassSlot = ComponentType<{ event: ExperienceDetail; manage: boolean }>;

interface ExperiencePageSlots {
  rsvpHeader: RsvpHeaderSlot;
  tabBarEnd?: TabBarEndSlot;
  nextUp?: NextUpSlot;
  pass?: PassSlot;
  notify?: ExperienceSlot;
  changes?: ExperienceSlot;
  subscribe?: SubscribeSlot;
  /** 'Offline — updated …' and, back online, 'While you were offline' (features/offline). */
  offline?: ExperienceSlot;
  /** Manage mode's 'History' on the cover: who changed what and when (features/history). */
  history?: ExperienceSlot;
}

/** /experiences/{eventId}/{tab} and /events/{eventId}/{tab}. */
export function ExperiencePage({ rsvpHeader, tabBarEnd, nextUp, pass, notify, changes, subscribe, offline }: ExperiencePageSlots) {
  return (
    <ExperienceScreen
      manageRoute={false}
      RsvpHeader={rsvpHeader}
      TabBarEnd={tabBarEnd}
      NextUp={nextUp}
      Pass={pass}
      Notify={notify}
      Changes={changes}
      Subscribe={subscribe}
      Offline={offline}
    />
  );
}

/**
 * /manage/{tab}/{schedule}/{eventId}/{subview}: the same page in manage mode, under the breadcrumb. Home's cards open
 * every experience here, so a guest's page on this route is the guests' page: 'Next up' and their pass included.
 */
export function ManageExperiencePage({
  rsvpHeader,
  tabBarEnd,
  nextUp,
  pass,
  notify,
  changes,
  subscribe,
  offline,
  history,
}: ExperiencePageSlots) {
  return (
    <ExperienceScreen
      manageRoute
      RsvpHeader={rsvpHeader}
      TabBarEnd={tabBarEnd}
      NextUp={nextUp}
      Pass={pass}
      Notify={notify}
      Changes={changes}
      Subscribe={subscribe}
      Offline={offline}
      History={history}
    />
  );
}

function ExperienceScreen({
  manageRoute,
  RsvpHeader,
  TabBarEnd,
  NextUp,
  Pass,
  Notify,
  Changes,
  Subscribe,
  Offline,
  History,
}: {
  manageRoute: boolean;
  RsvpHeader: RsvpHeaderSlot;
  TabBarEnd?: TabBarEndSlot;
  NextUp?: NextUpSlot;
  Pass?: PassSlot;
  Notify?: ExperienceSlot;
  Changes?: ExperienceSlot;
  Subscribe?: SubscribeSlot;
  Offline?: ExperienceSlot;
  History?: ExperienceSlot;
}) {
  const { eventId = "", tab: manageTab = "experiences", schedule = "ongoing" } = useParams();
  const { pathname } = useLocation();
  const { data: event, error, isPending } = useQuery(experienceQueryOptions(eventId));
  useExperienceLive(eventId);
  const online = useOnline();
  const offlineReasonId = useId();

  usePageMeta(event && itineraryMeta(event));

  if (isPending) return <FullPageSpinner />;
  // A failed refresh keeps what was shown (offline, the copy kept on this device): only nothing to show is an error.
  if (error && !event) {
    const missing = error instanceof ApiError && error.status === 404;
    return (
      <div className="rounded-2xl border border-slate-200 bg-white p-12 text-center">
        <h1 className="text-lg font-semibold text-slate-900">{missing ? "Event not found" : "Error loading event"}</h1>
        {!missing && <p className="mt-1 text-sm text-slate-600">{errorMessage(error)}</p>}
        <Link to="/" className="mt-4 inline-block font-medium text-brand-700 hover:underline">
          Go to your experiences
        </Link>
      </div>
    );
  }

  const organiser = event.isOwner || event.isHost;
  const manage = manageRoute && organiser;
  // An organiser on the view route sees the page as guests do; editing is one click away, in manage mode.
  const preview = !manageRoute && organiser;
  const base = pathname.slice(0, pathname.indexOf(eventId) + eventId.length);
  const current = pathname.slice(base.length + 1).split("/")[0] as ExperienceTab;
  const tabs = allowedTabs(event, manage);
  if (!tabs.includes(current)) return <Navigate to={`${base}/itinerary`} replace />;

  const context: ExperienceTabContext = { event, manage, canEdit: manage };
  // Offline, manage mode's editing is off (each control disabled, with the reason): its changes need the server. The
  // Check-in tab is the exception: its scanner works offline by itself (docs/checkin.md).
  const locked = manage && !online;
  return (
    <div className="min-w-0">
      <fieldset disabled={locked} aria-describedby={locked ? offlineReasonId : undefined} className="min-w-0">
        {locked && (
          <span id={offlineReasonId} hidden>
            {NEEDS_CONNECTION}
          </span>
        )}
        {Offline && <Offline event={event} />}
        {manageRoute && (
          <ManageBreadcrumb tab={manageTab} schedule={schedule} eventName={event.name} isPrivate={event.privacy === "PRIVATE"} />
        )}
        <ExperienceHeader
          event={event}
          manage={manage}
          afterDelete={`/manage/${manageTab}/${schedule}`}
          {...{ Notify, Subscribe, History }}
        />
        {preview ? <PreviewNote event={event} tab={current} /> : <RsvpHeader event={event} manage={manage} />}
        {NextUp && !manage && <NextUp itinerary={event} itineraryPath={`${base}/itinerary`} />}
        {Pass && <Pass event={event} manage={manage} />}
        <div className="-mx-4 mb-5 flex items-center gap-2 border-b border-slate-200 px-4">
          <ScrollRow className="flex-1">
            <nav aria-label="Experience sections">
              <ul className="flex w-max gap-1">
                {tabs.map((tab) => (
                  <li key={tab}>
                    <NavLink
                      to={`${base}/${tab}`}
                      className={({ isActive }) =>
                        `inline-block border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap max-sm:py-3 ${isActive ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-slate-900"}`
                      }
                    >
                      {TAB_LABEL[tab]}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          </ScrollRow>
          {TabBarEnd && <TabBarEnd event={event} manage={manage} />}
        </div>
        {Changes && current === "itinerary" && <Changes event={event} />}
      </fieldset>
      <fieldset
        disabled={locked && current !== "checkin"}
        aria-describedby={locked && current !== "checkin" ? offlineReasonId : undefined}
        className="min-w-0"
      >
        <Outlet context={context} />
      </fieldset>
    </div>
  );
}

/** Where the RSVP row would be: the organiser is looking at the guests' page, and 'Edit' opens manage mode on the same tab. */
function PreviewNote({ event, tab }: { event: ExperienceDetail; tab: ExperienceTab }) {
  return (
    <section
      aria-label="Preview"
      className="mb-4 flex min-h-14 items-center justify-between gap-3 rounded-2xl border border-amber-200 bg-amber-50 px-4 py-2"
    >
      <p className="text-sm leading-snug text-amber-900">
        <span className="font-semibold">Preview</span> — this is what guests see
      </p>
      <Link
        to={`/manage/experiences/${scheduleStatus(event.startTime, event.endTime)}/${event.id}/${tab}`}
        className="inline-flex shrink-0 items-center rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 max-sm:min-h-11"
      >
        Edit
      </Link>
    </section>
  );
}
