import { lazy, Suspense, useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { ExternalLink } from "../../../components/ui/external-link";
import { formatDuration } from "../../../lib/dates";
import type { ActivityView as Activity, LocationView, ProgramView as Program } from "../../../../../worker/features/itinerary/itinerary.schema";
import { LinkifiedText } from "./linkified-text";

// Loaded on demand: the public page shares this view and must not ship the documents panel (ARCHITECTURE §7 budget).
const ActivityDocumentsPanel = lazy(() => import("./activity-documents-panel").then((m) => ({ default: m.ActivityDocumentsPanel })));

const timeFormat = new Intl.DateTimeFormat("en-US", { hour: "2-digit", minute: "2-digit", hour12: true, timeZone: "UTC" });
const dayFormat = new Intl.DateTimeFormat("en-US", { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" });

/** "09:30 AM", in UTC as the spec groups activities. */
export const formatTime = (iso: string) => timeFormat.format(new Date(iso));
export const formatDay = (isoDate: string) => dayFormat.format(new Date(`${isoDate}T00:00:00Z`));

/** Activities grouped by start time, in order. */
function groupByStartTime(activities: Activity[]): { time: string; activities: Activity[] }[] {
  const sorted = [...activities].sort((a, b) => a.startDateTime.localeCompare(b.startDateTime) || a.name.localeCompare(b.name));
  const groups: { time: string; activities: Activity[] }[] = [];
  for (const activity of sorted) {
    const time = formatTime(activity.startDateTime);
    const last = groups[groups.length - 1];
    if (last && last.time === time) last.activities.push(activity);
    else groups.push({ time, activities: [activity] });
  }
  return groups;
}

type ActivityLocation = LocationView | null;

export const locationText = (location: ActivityLocation) =>
  !location ? "" : typeof location === "string" ? location : location.structuredFormat.mainText.text;

export const EMPTY_DAY_TEXT = "No activities scheduled for this day yet. Take some time to relax and explore!";

type Pane = "days" | "activities" | "details";

export interface ItineraryViewProps {
  programs: Program[];
  /** Extra controls: the editor passes its own (copy, delete, reorder, add activity, inline edits). */
  renderDayActions?: (day: Program) => ReactNode;
  renderDayHeader?: (day: Program) => ReactNode;
  renderAddActivity?: (day: Program) => ReactNode;
  renderActivityDetails?: (activity: Activity, day: Program) => ReactNode;
  daysToolbar?: ReactNode;
  selectedDayId?: string | null;
  onSelectDay?: (dayId: string) => void;
  /**
   * The event whose documents the read-only details may open. Pass it only when the viewer may read the
   * event's common documents (a participant); the signed-out public page leaves it out.
   */
  documentsEventId?: string;
}

/** Three panes: days, the selected day's activities, the selected activity. On a phone, one pane at a time. */
export function ItineraryView({ programs, renderDayActions, renderDayHeader, renderAddActivity, renderActivityDetails, daysToolbar, selectedDayId, onSelectDay, documentsEventId }: ItineraryViewProps) {
  const days = useMemo(() => [...programs].sort((a, b) => a.dayIndex - b.dayIndex), [programs]);
  const [ownDayId, setOwnDayId] = useState<string | null>(days[0]?.id ?? null);
  const dayId = selectedDayId !== undefined ? selectedDayId : ownDayId;
  const selectDay = onSelectDay ?? setOwnDayId;
  const day = days.find((d) => d.id === dayId) ?? days[0];
  const [activityId, setActivityId] = useState<string | null>(null);
  const [pane, setPane] = useState<Pane>("days");
  const activity = day?.activities.find((a) => a.id === activityId) ?? null;
  const dayButtons = useRef(new Map<string, HTMLButtonElement>());

  useEffect(() => {
    if (!activity) setActivityId(null);
  }, [activity]);

  if (!day) return <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">This experience has no days yet.</p>;
  const dayPosition = days.indexOf(day);
  const goToDay = (index: number) => {
    const next = days[index];
    if (next) {
      selectDay(next.id);
      setActivityId(null);
    }
    return next;
  };

  // Spec 2 §2: day cards have up/down navigation, by keyboard as well as by the Previous/Next day buttons.
  const onDayKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const target = { ArrowUp: index - 1, ArrowDown: index + 1, Home: 0, End: days.length - 1 }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = goToDay(target);
    if (next) dayButtons.current.get(next.id)?.focus();
  };

  const back = (to: Pane, label: string) => (
    <button type="button" onClick={() => setPane(to)} className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-brand-700 md:hidden" aria-label={label}>
      <span aria-hidden>←</span> {label}
    </button>
  );

  return (
    <div className="grid gap-4 md:grid-cols-[200px_minmax(0,1fr)] lg:grid-cols-[200px_minmax(0,1fr)_minmax(0,1fr)]">
      <section aria-label="Days" className={`${pane === "days" ? "block" : "hidden"} md:block`}>
        {daysToolbar}
        <ol className="space-y-2">
          {days.map((d, index) => (
            <li key={d.id}>
              <div
                className={`rounded-xl border bg-white p-3 transition ${d.id === day.id ? "border-brand-500 ring-2 ring-brand-500/20" : "border-slate-200 hover:border-slate-300"}`}
              >
                <button
                  type="button"
                  ref={(button) => {
                    if (button) dayButtons.current.set(d.id, button);
                    else dayButtons.current.delete(d.id);
                  }}
                  className="block w-full text-left"
                  aria-current={d.id === day.id ? "true" : undefined}
                  aria-keyshortcuts="ArrowUp ArrowDown Home End"
                  onKeyDown={(event) => onDayKeyDown(event, index)}
                  onClick={() => {
                    selectDay(d.id);
                    setActivityId(null);
                    setPane("activities");
                  }}
                >
                  <span className="block text-xs font-semibold uppercase tracking-wide text-brand-600">
                    Day {d.dayIndex + 1} · {formatDay(d.date)}
                  </span>
                  <span className="mt-0.5 block truncate font-medium text-slate-900">{d.name}</span>
                  <span className="block text-xs text-slate-500">
                    {d.activities.length} {d.activities.length === 1 ? "activity" : "activities"}
                  </span>
                </button>
                {renderDayActions?.(d)}
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section aria-label="Activities" className={`${pane === "activities" ? "block" : "hidden"} md:block`}>
        {back("days", "Days")}
        <div className="mb-3 flex items-start justify-between gap-2">
          <div className="min-w-0 flex-1">
            {renderDayHeader ? (
              renderDayHeader(day)
            ) : (
              <>
                <h2 className="text-lg font-semibold text-slate-900">{day.name}</h2>
                {day.subtitle && <p className="text-sm text-slate-600">{day.subtitle}</p>}
                {day.description && <p className="mt-1 text-sm whitespace-pre-line text-slate-600">{day.description}</p>}
              </>
            )}
          </div>
          <div className="flex shrink-0 gap-1">
            <button type="button" aria-label="Previous day" disabled={dayPosition === 0} onClick={() => goToDay(dayPosition - 1)} className="rounded-lg border border-slate-200 bg-white p-1.5 text-slate-600 hover:bg-slate-50 disabled:opacity-40">
              ↑
            </button>
            <button type="button" aria-label="Next day" disabled={dayPosition === days.length - 1} onClick={() => goToDay(dayPosition + 1)} className="rounded-lg border border-slate-200 bg-white p-1.5 text-slate-600 hover:bg-slate-50 disabled:opacity-40">
              ↓
            </button>
          </div>
        </div>
        {day.activities.length === 0 ? (
          <div className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center">
            <p className="text-slate-600">{EMPTY_DAY_TEXT}</p>
            {renderAddActivity?.(day)}
          </div>
        ) : (
          <ol className="space-y-4">
            {groupByStartTime(day.activities).map((group) => (
              <li key={group.time}>
                <p className="mb-1.5 text-xs font-semibold tracking-wide text-slate-500">{group.time}</p>
                <ul className="space-y-2">
                  {group.activities.map((a) => (
                    <li key={a.id}>
                      <button
                        type="button"
                        onClick={() => {
                          setActivityId(a.id);
                          setPane("details");
                        }}
                        aria-current={a.id === activity?.id ? "true" : undefined}
                        className={`flex w-full gap-3 rounded-xl border bg-white p-3 text-left transition ${a.id === activity?.id ? "border-brand-500 ring-2 ring-brand-500/20" : "border-slate-200 hover:border-slate-300"}`}
                      >
                        {a.image && <img src={a.image.thumbnail} alt="" className="size-14 shrink-0 rounded-lg object-cover" loading="lazy" />}
                        <span className="min-w-0">
                          <span className="block font-medium text-slate-900">{a.name}</span>
                          {a.subtitle && <span className="block truncate text-sm text-slate-600">{a.subtitle}</span>}
                          <span className="block text-xs text-slate-500">
                            {formatTime(a.startDateTime)} – {formatTime(a.endDateTime)} · {formatDuration(a.startDateTime, a.endDateTime)}
                            {locationText(a.location) && ` · ${locationText(a.location)}`}
                          </span>
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        )}
        {day.activities.length > 0 && renderAddActivity && <div className="mt-3">{renderAddActivity(day)}</div>}
      </section>

      <section aria-label="Activity details" className={`${pane === "details" ? "block" : "hidden"} md:col-span-2 lg:col-span-1 lg:block`}>
        {back("activities", "Activities")}
        {activity ? (
          renderActivityDetails ? (
            renderActivityDetails(activity, day)
          ) : (
            <ActivityDetails key={activity.id} activity={activity} documentsEventId={documentsEventId} />
          )
        ) : (
          <p className="hidden rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-500 lg:block">Select an activity to see its details.</p>
        )}
      </section>
    </div>
  );
}

export function MapsLink({ location }: { location: ActivityLocation }) {
  if (!location) return null;
  const text = locationText(location);
  const href =
    typeof location === "object" && location.googleMapsUri
      ? location.googleMapsUri
      : `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(typeof location === "object" ? (location.description ?? text) : text)}`;
  return (
    <ExternalLink href={href} className="text-brand-700 hover:underline">
      {text}
    </ExternalLink>
  );
}

function ActivityDetails({ activity, documentsEventId }: { activity: Activity; documentsEventId?: string }) {
  const [documentsOpen, setDocumentsOpen] = useState(false);
  const documentCount = activity.documents?.length ?? 0;
  return (
    <article className="overflow-hidden rounded-xl border border-slate-200 bg-white">
      {activity.image && <img src={activity.image.original} alt="" className="aspect-video w-full object-cover" />}
      <div className="space-y-3 p-4">
        <div>
          <h3 className="text-lg font-semibold text-slate-900">{activity.name}</h3>
          {activity.subtitle && <p className="text-slate-600">{activity.subtitle}</p>}
        </div>
        <p className="text-sm text-slate-700">
          {formatTime(activity.startDateTime)} – {formatTime(activity.endDateTime)} <span className="text-slate-500">({formatDuration(activity.startDateTime, activity.endDateTime)})</span>
        </p>
        {activity.location && (
          <p className="text-sm">
            <span className="text-slate-500">Location: </span>
            <MapsLink location={activity.location} />
          </p>
        )}
        {activity.description && (
          <p className="text-sm whitespace-pre-line text-slate-700">
            <LinkifiedText text={activity.description} />
          </p>
        )}
        {documentsEventId && documentCount > 0 && (
          <button
            type="button"
            onClick={() => setDocumentsOpen(true)}
            className="inline-flex items-center gap-1.5 rounded-lg border border-slate-200 px-3 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50"
          >
            Documents ({documentCount})
          </button>
        )}
      </div>
      {documentsEventId && documentsOpen && (
        <Suspense fallback={null}>
          <ActivityDocumentsPanel eventId={documentsEventId} activity={activity} canEdit={false} onClose={() => setDocumentsOpen(false)} />
        </Suspense>
      )}
    </article>
  );
}
