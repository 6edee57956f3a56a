import { useQuery } from "@tanstack/react-query";
import { useId, type ReactNode } from "react";
import { Link, Navigate, NavLink, Outlet, useLocation, useParams } from "react-router-dom";
import { ScrollRow } from "@web/components/ui/scroll-row";
import { FullPageSpinner } from "@web/components/ui/spinner";
import type { ExperienceTabContext } from "@web/hooks/use-experience-tab";
import { useExperienceLive } from "@web/hooks/use-live";
import { NEEDS_CONNECTION, useOnline } from "@web/hooks/use-online";
import { itineraryMeta, usePageMeta } from "@web/hooks/use-page-meta";
import { ApiError, errorMessage } from "@web/lib/api-client";
import { scheduleStatus } from "@web/lib/dates";
import { useI18n } from "@web/lib/i18n";
import { Trans } from "@web/lib/trans";
import type { ExperienceDetail } from "@worker/features/experiences/experiences.schema";
import { experienceQueryOptions } from "./api/get-experience";

export type ExperienceTab = "itinerary" | "social" | "attendees" | "checkin" | "documents" | "bulletin" | "feedback";
const TAB_LABEL: Record<ExperienceTab, string> = {
  itinerary: /*i18n*/ "Itinerary",
  social: /*i18n*/ "Social",
  attendees: /*i18n*/ "Attendees",
  checkin: /*i18n*/ "Check-in",
  documents: /*i18n*/ "Documents",
  bulletin: /*i18n*/ "Bulletin",
  feedback: /*i18n*/ "Feedback",
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

/** What the page knows once its experience is read; until then, what it shows instead (`ExperiencePageStatus`). */
export type ExperiencePageState =
  | { status: "pending" }
  | { status: "error"; error: Error }
  | { status: "redirect"; to: string }
  | {
      status: "ready";
      event: ExperienceDetail;
      /** Opened on /manage/…: the breadcrumb shows, and an organiser edits. */
      manageRoute: boolean;
      manage: boolean;
      /** An organiser on the view route: the guests' page, with 'Preview' where the RSVP row would be. */
      preview: boolean;
      /** The page's path up to the experience's id; a tab is `${base}/${tab}`. */
      base: string;
      current: ExperienceTab;
      tabs: ExperienceTab[];
      manageTab: string;
      schedule: string;
      locked: boolean;
      offlineReasonId: string;
      context: ExperienceTabContext;
    };

/**
 * /experiences/{eventId}/{tab} and /events/{eventId}/{tab}; with `manageRoute`, /manage/{tab}/{schedule}/{eventId}/{subview}:
 * the same page in manage mode, under the breadcrumb. Home's cards open every experience there, so a guest's page on that
 * route is the guests' page. The app's routes (web/src/app/routes/experience.tsx) compose the page from these pieces.
 */
export function useExperiencePage(manageRoute: boolean): ExperiencePageState {
  const { eventId = "", tab: manageTab = "experiences", schedule = "ongoing" } = useParams();
  const { pathname } = useLocation();
  const { data: event, error, isPending } = useQuery(experienceQueryOptions(eventId));
  useExperienceLive(eventId);
  const online = useOnline();
  const offlineReasonId = useId();

  usePageMeta(event && itineraryMeta(event));

  if (isPending) return { status: "pending" };
  // A failed refresh keeps what was shown (offline, the copy kept on this device): only nothing to show is an error.
  if (error && !event) return { status: "error", error };

  const organiser = event.isOwner || event.isHost;
  const manage = manageRoute && organiser;
  // An organiser on the view route sees the page as guests do; editing is one click away, in manage mode.
  const preview = !manageRoute && organiser;
  const base = pathname.slice(0, pathname.indexOf(eventId) + eventId.length);
  const current = pathname.slice(base.length + 1).split("/")[0] as ExperienceTab;
  const tabs = allowedTabs(event, manage);
  if (!tabs.includes(current)) return { status: "redirect", to: `${base}/itinerary` };

  const context: ExperienceTabContext = { event, manage, canEdit: manage };
  // Offline, manage mode's editing is off (each control disabled, with the reason): its changes need the server. The
  // Check-in tab is the exception: its scanner works offline by itself (docs/checkin.md).
  const locked = manage && !online;
  return {
    status: "ready",
    event,
    manageRoute,
    manage,
    preview,
    base,
    current,
    tabs,
    manageTab,
    schedule,
    locked,
    offlineReasonId,
    context,
  };
}

/** The page before its experience is read: a spinner, the error, or the way to a tab the person may see. */
export function ExperiencePageStatus({ page }: { page: Exclude<ExperiencePageState, { status: "ready" }> }) {
  const i18n = useI18n();
  // The state a page that led here handed on (a join just made) goes on to the tab.
  const { state } = useLocation();
  if (page.status === "pending") return <FullPageSpinner />;
  if (page.status === "redirect") return <Navigate to={page.to} replace state={state} />;
  const missing = page.error instanceof ApiError && page.error.status === 404;
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-12 text-center">
      <h1 className="text-lg font-semibold text-slate-900">{missing ? i18n._("Event not found") : i18n._("Error loading event")}</h1>
      {!missing && <p className="mt-1 text-sm text-slate-600">{errorMessage(page.error)}</p>}
      <Link to="/" className="mt-4 inline-block font-medium text-brand-700 hover:underline">
        {i18n._("Go to your experiences")}
      </Link>
    </div>
  );
}

type ReadyPage = Extract<ExperiencePageState, { status: "ready" }>;

/**
 * The page's frame: `children` (what stands above the tabs: header, RSVP row, tab bar…) in the part manage mode locks
 * offline, then the open tab.
 */
export function ExperienceScreen({ page, children }: { page: ReadyPage; children: ReactNode }) {
  const i18n = useI18n();
  const { locked, offlineReasonId, current, context } = page;
  return (
    <div className="min-w-0">
      <fieldset disabled={locked} aria-describedby={locked ? offlineReasonId : undefined} className="min-w-0">
        {locked && (
          <span id={offlineReasonId} hidden>
            {i18n._(NEEDS_CONNECTION)}
          </span>
        )}
        {children}
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

/** The tabs the person may see; `children` end the bar (the published feedback form, for guests and the preview). */
export function ExperienceTabBar({ page, children }: { page: ReadyPage; children?: ReactNode }) {
  const i18n = useI18n();
  const { tabs, base } = page;
  return (
    <div className="-mx-4 mb-5 flex items-center gap-2 border-b border-slate-200 px-4">
      <ScrollRow className="flex-1">
        <nav aria-label={i18n._("Experience sections")}>
          {/* On a phone the tabs wrap onto a second line rather than run off the screen's edge. */}
          <ul className="flex w-max gap-1 max-sm:w-auto max-sm:flex-wrap max-sm:gap-x-0">
            {tabs.map((tab) => (
              <li key={tab}>
                <NavLink
                  to={`${base}/${tab}`}
                  className={({ isActive }) =>
                    `inline-block border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap max-sm:px-2.5 max-sm:py-3 ${isActive ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-slate-900"}`
                  }
                >
                  {i18n._(TAB_LABEL[tab])}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </ScrollRow>
      {children}
    </div>
  );
}

/** Where the RSVP row would be: the organiser is looking at the guests' page, and 'Edit' opens manage mode on the same tab. */
export function PreviewNote({ event, tab }: { event: ExperienceDetail; tab: ExperienceTab }) {
  const i18n = useI18n();
  return (
    <section
      aria-label={i18n._("Preview")}
      className="mb-4 flex min-h-14 items-center justify-between gap-3 rounded-2xl border border-amber-200 bg-amber-50 px-4 py-2"
    >
      <p className="text-sm leading-snug text-amber-900">
        <Trans id="<0>Preview</0> — this is what guests see" components={{ 0: <span className="font-semibold" /> }} />
      </p>
      <Link
        to={`/manage/experiences/${scheduleStatus(event.startTime, event.endTime)}/${event.id}/${tab}`}
        className="inline-flex shrink-0 items-center rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 max-sm:min-h-11"
      >
        {i18n._("Edit")}
      </Link>
    </section>
  );
}
