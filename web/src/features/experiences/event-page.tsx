import { useQuery } from "@tanstack/react-query";
import { useId, useState, type ComponentType } from "react";
import { Link, Navigate, NavLink, Outlet, useLocation, useParams } from "react-router-dom";
import { CalendarLink } from "@web/components/ui/calendar-link";
import { HostsList } from "@web/components/ui/hosts-list";
import { ScrollRow } from "@web/components/ui/scroll-row";
import { FullPageSpinner } from "@web/components/ui/spinner";
import { SelectImageModal } from "@web/components/ui/select-image-modal";
import { ApiError, errorMessage } from "@web/lib/api-client";
import { calendarUrl } from "@web/lib/calendar-links";
import { formatDateRange, scheduleStatus } from "@web/lib/dates";
import type { EventTabContext } from "@web/lib/event-context";
import { useEventLive } from "@web/lib/live";
import { itineraryMeta, usePageMeta } from "@web/lib/page-meta";
import { NEEDS_CONNECTION, useOnline } from "@web/lib/use-online";
import type { EventDetail } from "@worker/features/events/events.schema";
import { eventQueryOptions } from "./api/get-event";
import { useLinkEventImage } from "./api/link-event-image";
import { useUploadEventImage } from "./api/upload-event-image";
import { CloneDialog } from "./components/clone-dialog";
import { EventNameField } from "./components/event-name-field";
import { PresenceStrip } from "./components/presence-strip";
import { SettingsPanel } from "./components/settings-panel";
import { ShareModal } from "./components/share-modal";
import { ManageBreadcrumb } from "./manage-page";
import { UserText } from "@web/components/ui/user-text";
import { Picture } from "@web/components/ui/picture";

export type EventTab = "itinerary" | "social" | "attendees" | "checkin" | "documents" | "bulletin" | "feedback";
const TAB_LABEL: Record<EventTab, string> = {
  itinerary: "Itinerary",
  social: "Social",
  attendees: "Attendees",
  checkin: "Check-in",
  documents: "Documents",
  bulletin: "Bulletin",
  feedback: "Feedback",
};

/** Spec 2 §2: which tabs a person sees, by role and mode. */
export function allowedTabs(event: Pick<EventDetail, "isOwner" | "isHost" | "isGuest" | "privacy">, manage: boolean): EventTab[] {
  const organiser = event.isOwner || event.isHost;
  const participant = organiser || event.isGuest;
  const tabs: EventTab[] = ["itinerary"];
  if (participant) tabs.push("social", "attendees");
  if (organiser && manage) tabs.push("checkin");
  if (participant) tabs.push("documents", "bulletin");
  else if (event.privacy !== "PRIVATE") tabs.push("social");
  if (organiser && manage) tabs.push("feedback");
  return tabs;
}

/** The RSVP row under the header, on every tab (features/rsvp): the app's router composes the two features. */
type RsvpHeaderSlot = ComponentType<{ event: EventDetail; manage: boolean }>;

/** What ends the tab bar: the published feedback form, for guests and an organiser's preview (features/feedback), composed by the router. */
type TabBarEndSlot = ComponentType<{ event: EventDetail; manage: boolean }>;

/** Above the tabs on the guests' page: the activity under way or next (features/itinerary), opening it in the itinerary at `itineraryPath`. */
type NextUpSlot = ComponentType<{ itinerary: EventDetail; itineraryPath: string }>;

/** Above the tabs on the guests' page, under 'Next up' (the first screen stays its): an attending guest's pass (features/pass). */
type PassSlot = ComponentType<{ event: EventDetail; manage: boolean }>;

/** Beside the calendar link, and above the itinerary: 'Notify me' and 'What changed since you last looked' (features/notifications). */
type EventSlot = ComponentType<{ event: EventDetail }>;

/** Beside the calendar link, for the experience's people: 'Subscribe to calendar', their own feed (features/calendar). */
type SubscribeSlot = ComponentType<{ className: string }>;

interface EventPageSlots {
  rsvpHeader: RsvpHeaderSlot;
  tabBarEnd?: TabBarEndSlot;
  nextUp?: NextUpSlot;
  pass?: PassSlot;
  notify?: EventSlot;
  changes?: EventSlot;
  subscribe?: SubscribeSlot;
  /** 'Offline — updated …' and, back online, 'While you were offline' (features/offline). */
  offline?: EventSlot;
  /** Manage mode's 'History' on the cover: who changed what and when (features/history). */
  history?: EventSlot;
}

/** /experiences/{eventId}/{tab} and /events/{eventId}/{tab}. */
export function EventPage({ rsvpHeader, tabBarEnd, nextUp, pass, notify, changes, subscribe, offline }: EventPageSlots) {
  return (
    <EventScreen
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
export function ManageEventPage({ rsvpHeader, tabBarEnd, nextUp, pass, notify, changes, subscribe, offline, history }: EventPageSlots) {
  return (
    <EventScreen
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

function EventScreen({
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
  Notify?: EventSlot;
  Changes?: EventSlot;
  Subscribe?: SubscribeSlot;
  Offline?: EventSlot;
  History?: EventSlot;
}) {
  const { eventId = "", tab: manageTab = "experiences", schedule = "ongoing" } = useParams();
  const { pathname } = useLocation();
  const { data: event, error, isPending } = useQuery(eventQueryOptions(eventId));
  useEventLive(eventId);
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
  const current = pathname.slice(base.length + 1).split("/")[0] as EventTab;
  const tabs = allowedTabs(event, manage);
  if (!tabs.includes(current)) return <Navigate to={`${base}/itinerary`} replace />;

  const context: EventTabContext = { event, manage, canEdit: manage };
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
        <EventHeader event={event} manage={manage} afterDelete={`/manage/${manageTab}/${schedule}`} {...{ Notify, Subscribe, History }} />
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
function PreviewNote({ event, tab }: { event: EventDetail; tab: EventTab }) {
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

function EventHeader({
  event,
  manage,
  afterDelete,
  Notify,
  Subscribe,
  History,
}: {
  event: EventDetail;
  manage: boolean;
  afterDelete: string;
  Notify?: EventSlot;
  Subscribe?: SubscribeSlot;
  History?: EventSlot;
}) {
  const [panel, setPanel] = useState<"share" | "clone" | "settings" | "cover" | null>(null);
  // Editing controls belong to manage mode only: the view route is the guests' page.
  const uploadCover = useUploadEventImage(event.id);
  const linkCover = useLinkEventImage(event.id);

  const calendarAction =
    "inline-flex min-h-11 items-center gap-2 rounded-lg bg-white px-3 font-semibold whitespace-nowrap text-slate-800 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 md:min-h-9";
  const action =
    "inline-flex items-center justify-center gap-1.5 rounded-lg bg-white/90 px-3 py-1.5 text-sm font-medium text-slate-800 shadow-sm hover:bg-white max-sm:min-h-11 max-sm:min-w-11";
  return (
    // Not overflow-hidden: the 'Notify me' panel opens below the header, over the page.
    <header className="mb-4 rounded-2xl border border-slate-200 bg-white shadow-sm">
      {/* The guests' page gives the first screen to what is next: the cover shrinks to a band (a strip on a phone). */}
      <div
        className={`relative w-full overflow-hidden rounded-t-2xl bg-gradient-to-br from-brand-600 via-indigo-500 to-fuchsia-500 ${manage ? "aspect-[16/6] min-h-40" : "h-20 sm:h-36 lg:h-44"}`}
      >
        {event.image && <Picture src={event.image.original} name={event.name} alt="" className="absolute inset-0 size-full object-cover" />}
        <PresenceStrip eventId={event.id} />
        <div className="absolute top-3 right-3 left-3 flex flex-wrap justify-end gap-2">
          {manage && (
            <button type="button" className={action} onClick={() => setPanel("share")}>
              Share
            </button>
          )}
          {manage && event.isOwner && (
            <button type="button" className={action} onClick={() => setPanel("clone")}>
              Clone
            </button>
          )}
          {manage && (
            <button type="button" className={action} onClick={() => setPanel("cover")}>
              Cover image
            </button>
          )}
          {manage && History && <History event={event} />}
          {manage && (
            <button type="button" className={action} onClick={() => setPanel("settings")} aria-label="Settings">
              <svg viewBox="0 0 20 20" className="size-4" fill="currentColor" aria-hidden>
                <path
                  fillRule="evenodd"
                  d="M8.34 1.804A1 1 0 0 1 9.32 1h1.36a1 1 0 0 1 .98.804l.295 1.473c.497.144.971.342 1.416.587l1.25-.834a1 1 0 0 1 1.262.125l.962.962a1 1 0 0 1 .125 1.262l-.834 1.25c.245.445.443.919.587 1.416l1.473.294a1 1 0 0 1 .804.98v1.361a1 1 0 0 1-.804.98l-1.473.295a6.95 6.95 0 0 1-.587 1.416l.834 1.25a1 1 0 0 1-.125 1.262l-.962.962a1 1 0 0 1-1.262.125l-1.25-.834a6.953 6.953 0 0 1-1.416.587l-.294 1.473a1 1 0 0 1-.98.804H9.32a1 1 0 0 1-.98-.804l-.295-1.473a6.957 6.957 0 0 1-1.416-.587l-1.25.834a1 1 0 0 1-1.262-.125l-.962-.962a1 1 0 0 1-.125-1.262l.834-1.25a6.957 6.957 0 0 1-.587-1.416l-1.473-.294A1 1 0 0 1 1 10.68V9.32a1 1 0 0 1 .804-.98l1.473-.295c.144-.497.342-.971.587-1.416l-.834-1.25a1 1 0 0 1 .125-1.262l.962-.962A1 1 0 0 1 5.38 3.03l1.25.834a6.957 6.957 0 0 1 1.416-.587l.294-1.473ZM13 10a3 3 0 1 1-6 0 3 3 0 0 1 6 0Z"
                  clipRule="evenodd"
                />
              </svg>
            </button>
          )}
        </div>
      </div>
      <div className="flex flex-wrap items-end justify-between gap-3 p-5 max-sm:p-4">
        <div className="min-w-0 flex-1 basis-64">
          {manage ? (
            <h1>
              <EventNameField eventId={event.id} name={event.name} />
            </h1>
          ) : (
            <UserText as="h1" className="text-2xl font-bold text-slate-900">
              {event.name}
            </UserText>
          )}
          {event.subtitle && (
            <UserText as="p" className="mt-0.5 text-base font-medium text-slate-700">
              {event.subtitle}
            </UserText>
          )}
          <p className="mt-1 text-sm text-slate-600">
            {formatDateRange(event.startTime, event.endTime, event.timeZone)} · {event.programs.length}{" "}
            {event.programs.length === 1 ? "day" : "days"}
            {event.privacy === "PRIVATE" && (
              <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">Private</span>
            )}
          </p>
          {event.description && <Description text={event.description} />}
        </div>
        <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
          <HostsList owner={event.owner} hosts={event.hosts} />
          {Notify && <Notify event={event} />}
          <CalendarLink href={calendarUrl(event.id)} className={calendarAction} />
          {/* The person's own feed (every experience they own, host or attend): offered to the experience's people. */}
          {Subscribe && (event.isOwner || event.isHost || event.isGuest) && <Subscribe className={calendarAction} />}
        </div>
      </div>
      {panel === "share" && <ShareModal eventId={event.id} eventName={event.name} onClose={() => setPanel(null)} />}
      {panel === "clone" && (
        <CloneDialog
          eventId={event.id}
          eventName={event.name}
          initialPrivacy={event.privacy}
          timeZone={event.timeZone}
          onClose={() => setPanel(null)}
        />
      )}
      {panel === "settings" && <SettingsPanel event={event} afterDelete={afterDelete} onClose={() => setPanel(null)} />}
      {panel === "cover" && (
        <SelectImageModal
          title="Cover image"
          errors="toast"
          onClose={() => setPanel(null)}
          onUpload={(file) => uploadCover.mutateAsync(file)}
          onPick={(image) => linkCover.mutateAsync(image)}
        />
      )}
    </header>
  );
}

/** Longer than this, a phone shows the description's first lines and a 'Show more' (the first screen is for what is next). */
const LONG_DESCRIPTION = 140;

function Description({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const long = text.length > LONG_DESCRIPTION;
  return (
    <>
      <UserText as="p" className={`mt-2 text-sm whitespace-pre-line text-slate-700 ${long && !open ? "max-sm:line-clamp-2" : ""}`}>
        {text}
      </UserText>
      {long && (
        <button
          type="button"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
          className="min-h-11 text-sm font-medium text-brand-700 hover:underline sm:hidden"
        >
          {open ? "Show less" : "Show more"}
        </button>
      )}
    </>
  );
}
