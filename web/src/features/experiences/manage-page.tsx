import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link, Navigate, useParams } from "react-router-dom";
import { ExperienceCard } from "@web/components/experience-card/experience-card";
import { Button } from "@web/components/ui/button";
import { FullPageSpinner } from "@web/components/ui/spinner";
import { UserText } from "@web/components/ui/user-text";
import { SCHEDULE_STATUSES, scheduleStatus, type ScheduleStatus } from "@web/lib/dates";
import { useI18n } from "@web/lib/i18n";
import { experiencesQueryOptions } from "./api/get-experiences";
import { NewExperienceModal } from "./components/new-experience-modal";
import type { InvitationAnswerSlot } from "./home-page";

const TAB_LABEL: Record<string, string> = {
  experiences: /*i18n*/ "Experiences",
  events: /*i18n*/ "Experiences",
  teams: /*i18n*/ "Teams",
  crm: /*i18n*/ "CRM",
};
const STATUS_LABEL: Record<ScheduleStatus, string> = {
  ongoing: /*i18n*/ "Ongoing",
  upcoming: /*i18n*/ "Upcoming",
  finished: /*i18n*/ "Finished",
};

/** Spec 1 §4: the schedule in the route if valid; otherwise ongoing, falling to upcoming if empty, then finished. */
export function defaultSchedule(requested: string | undefined, counts: Record<ScheduleStatus, number>): ScheduleStatus {
  if (requested && (SCHEDULE_STATUSES as string[]).includes(requested)) return requested as ScheduleStatus;
  if (counts.ongoing > 0) return "ongoing";
  if (counts.upcoming > 0) return "upcoming";
  return counts.finished > 0 ? "finished" : "ongoing";
}

export function ManageBreadcrumb({
  tab,
  schedule,
  experienceName,
  isPrivate,
}: {
  tab: string;
  schedule?: string;
  experienceName?: string;
  isPrivate?: boolean;
}) {
  const i18n = useI18n();
  const statusLabel = schedule ? STATUS_LABEL[schedule as ScheduleStatus] : undefined;
  const crumbs = [
    { label: i18n._("Manage"), to: "/manage/experiences" },
    { label: TAB_LABEL[tab] ? i18n._(TAB_LABEL[tab]) : tab, to: `/manage/${tab}` },
    ...(schedule ? [{ label: statusLabel ? i18n._(statusLabel) : schedule, to: `/manage/${tab}/${schedule}` }] : []),
    ...(experienceName
      ? [
          {
            label: (
              <>
                <UserText>{experienceName}</UserText>
                {isPrivate ? ` ${i18n._("[ Private ]")}` : ""}
              </>
            ),
            to: "",
          },
        ]
      : []),
  ];
  return (
    <nav aria-label={i18n._("Breadcrumb")} className="mb-4 text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-slate-500">
        {crumbs.map((crumb, i) => (
          <li key={i} className="flex items-center gap-1">
            {i > 0 && <span aria-hidden>›</span>}
            {crumb.to && i < crumbs.length - 1 ? (
              <Link to={crumb.to} className="inline-flex items-center hover:text-slate-900 max-sm:min-h-11">
                {crumb.label}
              </Link>
            ) : (
              <span aria-current="page" className="font-medium text-slate-900">
                {crumb.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** The Manage list; an invitation waiting for an answer carries Join and Decline (`answer`, features/rsvp, from the app's route). */
export function ManagePage({ answer }: { answer: InvitationAnswerSlot }) {
  const i18n = useI18n();
  const { tab = "experiences", schedule } = useParams();
  const title = i18n._("Manage {section}", { section: TAB_LABEL[tab] ? i18n._(TAB_LABEL[tab]) : "" });
  useEffect(() => {
    document.title = `${title} · Experiences`;
  }, [title]);

  if (tab === "teams" || tab === "crm") {
    return (
      <div>
        <ManageBreadcrumb tab={tab} />
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-12 text-center text-slate-600">
          {tab === "teams" ? i18n._("Teams feature coming soon") : i18n._("CRM feature coming soon")}
        </div>
      </div>
    );
  }
  if (tab !== "experiences" && tab !== "events") return <Navigate to="/manage/experiences" replace />;
  return <ExperiencesList tab={tab} schedule={schedule} answer={answer} />;
}

function ExperiencesList({ tab, schedule, answer: Answer }: { tab: string; schedule?: string; answer: InvitationAnswerSlot }) {
  const i18n = useI18n();
  const { data: events, isPending, isError } = useQuery(experiencesQueryOptions());
  const [creating, setCreating] = useState(false);

  if (isPending) return <FullPageSpinner />;
  if (isError)
    return (
      <div>
        <ManageBreadcrumb tab={tab} />
        <p className="py-10 text-center text-rose-600">{i18n._("Error loading events")}</p>
      </div>
    );

  const now = Date.now();
  const groups: Record<ScheduleStatus, typeof events> = { ongoing: [], upcoming: [], finished: [] };
  for (const event of events) groups[scheduleStatus(event.startTime, event.endTime, now)].push(event);
  const counts = { ongoing: groups.ongoing.length, upcoming: groups.upcoming.length, finished: groups.finished.length };
  const active = defaultSchedule(schedule, counts);
  const list = groups[active];

  return (
    <div>
      <ManageBreadcrumb tab={tab} schedule={active} />
      <h1 className="mb-4 text-2xl font-bold text-slate-900">{i18n._("Your experiences")}</h1>
      <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
        <div
          role="tablist"
          aria-label={i18n._("Schedule")}
          className="flex max-w-full gap-0.5 overflow-x-auto rounded-xl bg-slate-100 p-1 sm:gap-1"
        >
          {SCHEDULE_STATUSES.map((status) => (
            <Link
              key={status}
              role="tab"
              aria-selected={status === active}
              to={`/manage/${tab}/${status}`}
              replace
              className={`rounded-lg px-2 py-1.5 text-sm font-medium whitespace-nowrap max-sm:min-h-11 sm:px-3 ${status === active ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900"}`}
            >
              {i18n._(STATUS_LABEL[status])}{" "}
              <span className="ms-1 rounded-full bg-slate-200 px-1.5 text-xs text-slate-700">{counts[status]}</span>
            </Link>
          ))}
        </div>
        <Button onClick={() => setCreating(true)}>
          <span aria-hidden>+</span> {i18n._("Experience")}
        </Button>
      </div>
      {list.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <p className="text-slate-700">
            {i18n._(
              "{status, select, ongoing {You do not have any ongoing events.} upcoming {You do not have any upcoming events.} other {You do not have any finished events.}}",
              { status: active },
            )}
          </p>
          <p className="mt-1 text-sm text-slate-600">
            {events.length === 0
              ? i18n._("Plan your first one: days, activities and guests in one place.")
              : i18n._("Start a new one whenever you are ready.")}
          </p>
          <Button className="mt-4" onClick={() => setCreating(true)}>
            {i18n._("Create an experience")}
          </Button>
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {list.map((event) =>
            event.role === "invited" ? (
              <div key={event.id} className="flex flex-col gap-2">
                <ExperienceCard event={event} to={`/manage/experiences/${active}/${event.id}`} />
                <Answer eventId={event.id} eventName={event.name} />
              </div>
            ) : (
              <ExperienceCard key={event.id} event={event} to={`/manage/experiences/${active}/${event.id}`} />
            ),
          )}
        </div>
      )}
      <button
        type="button"
        onClick={() => setCreating(true)}
        aria-label={i18n._("New experience")}
        data-fab
        className="fixed end-5 bottom-5 z-30 grid size-14 place-items-center rounded-full bg-brand-600 text-3xl text-white shadow-lg hover:bg-brand-700 sm:hidden"
      >
        +
      </button>
      {creating && <NewExperienceModal onClose={() => setCreating(false)} />}
    </div>
  );
}
