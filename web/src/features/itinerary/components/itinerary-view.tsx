import { useEffect, useEffectEvent, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { UserText } from "@web/components/ui/user-text";
import { useSeenFrom } from "@web/hooks/use-time-view";
import { formatDuration } from "@web/lib/dates";
import { useI18n } from "@web/lib/i18n";
import type { ActivityView as Activity, DayView as Day } from "@worker/shared/itinerary.schema";
import { locationText } from "@worker/shared/places";
import { dayLabel, EMPTY_DAY_TEXT, parallelBlocks, startText, timesText } from "../itinerary-format";
import { placesText } from "../places-text";
import { ActivityDetails, type SignupReader } from "./activity-details";
import { DayNotes } from "./day-notes";
import { LazyPicture } from "./lazy-picture";

type Pane = "days" | "activities" | "details";

export interface ItineraryViewProps {
  days: Day[];
  /** The experience's zone: its days are local dates there, and the reader may see its times on their own clock instead. */
  timeZone: string;
  /** Extra controls: the editor passes its own (copy, delete, reorder, add activity, inline edits). */
  renderDayActions?: (day: Day) => ReactNode;
  renderDayHeader?: (day: Day) => ReactNode;
  renderAddActivity?: (day: Day) => ReactNode;
  renderActivityDetails?: (activity: Activity, day: Day) => ReactNode;
  /** Under an activity's times on its card (the editor's '{name} is editing'). */
  renderActivityBadge?: (activity: Activity) => ReactNode;
  daysToolbar?: ReactNode;
  /** Beside the Days heading (the editor's Reorder days). */
  daysAction?: ReactNode;
  /** Shown under the list of days (the editor's Add day). */
  daysFooter?: ReactNode;
  /** Takes the place of the list of days (the editor's reorder mode), in a wider column. */
  dayList?: ReactNode;
  selectedDayId?: string | null;
  onSelectDay?: (dayId: string) => void;
  /**
   * The event whose documents the read-only details may open. Pass it only when the viewer may read the
   * event's common documents (a participant); the signed-out public page leaves it out.
   */
  documentsEventId?: string;
  /** Who reads sign-up activities' details: a guest going signs up there (default: a visitor, who must join first). */
  signupReader?: SignupReader;
  /** An activity to open (its day selected, its details shown and brought into view), e.g. from the 'Next up' card. */
  openActivityId?: string | null;
  /** Called once that activity is open. */
  onActivityOpened?: () => void;
}

/** Hidden by CSS (a phone shows one pane at a time): what a pane looks like before it is opened there. */
const isHidden = (element: HTMLElement | null) => !element || element.getClientRects().length === 0;

/** Brings an element to the top of the viewport (its scroll margin keeps it clear of the sticky top bar) and focuses it. */
function reveal(element: HTMLElement | null | undefined, block: ScrollLogicalPosition, focus: HTMLElement | null | undefined = element) {
  element?.scrollIntoView?.({ block });
  focus?.focus({ preventScroll: true });
}

// Under the sticky top bar (4 rem) with a little air.
const CLEAR_OF_TOP_BAR = "scroll-mt-20";
const eyebrow = "text-xs font-semibold tracking-wide text-brand-600 uppercase focus:outline-none";
const arrow =
  "grid size-11 place-items-center rounded-lg border border-slate-200 bg-white text-slate-600 hover:bg-slate-50 disabled:opacity-40 md:size-8";

/**
 * Three panes: days, the selected day's activities, the selected activity. On a phone, one pane at a time: the pane
 * that opens is brought into view with its heading focused, and Back returns focus to the item that opened it.
 */
export function ItineraryView(props: ItineraryViewProps) {
  const {
    days: unsorted,
    timeZone,
    renderDayActions,
    renderDayHeader,
    renderAddActivity,
    renderActivityDetails,
    renderActivityBadge,
    daysToolbar,
    daysAction,
    daysFooter,
    dayList,
    selectedDayId,
    onSelectDay,
    documentsEventId,
    signupReader,
    openActivityId,
    onActivityOpened,
  } = props;
  const i18n = useI18n();
  const days = useMemo(() => [...unsorted].sort((a, b) => a.dayIndex - b.dayIndex), [unsorted]);
  const seenFrom = useSeenFrom(timeZone);
  const [ownDayId, setOwnDayId] = useState<string | null>(days[0]?.id ?? null);
  const dayId = selectedDayId !== undefined ? selectedDayId : ownDayId;
  const selectDay = onSelectDay ?? setOwnDayId;
  const day = days.find((d) => d.id === dayId) ?? days[0];
  const [activityId, setActivityId] = useState<string | null>(null);
  const [pane, setPane] = useState<Pane>("days");
  const activity = day?.activities.find((a) => a.id === activityId) ?? null;
  const dayButtons = useRef(new Map<string, HTMLButtonElement>());
  const activityButtons = useRef(new Map<string, HTMLButtonElement>());
  const sections = { activities: useRef<HTMLElement>(null), details: useRef<HTMLElement>(null) };
  const headings = { activities: useRef<HTMLHeadingElement>(null), details: useRef<HTMLHeadingElement>(null) };
  const arrows = { previous: useRef<HTMLButtonElement>(null), next: useRef<HTMLButtonElement>(null) };
  // Focus moves once the pane it goes to is rendered.
  const afterRender = useRef<(() => void) | null>(null);
  useLayoutEffect(() => {
    const move = afterRender.current;
    afterRender.current = null;
    move?.();
  });

  useEffect(() => {
    if (!activity) setActivityId(null);
  }, [activity]);

  const openRequested = useEffectEvent((id: string) => {
    const target = days.find((d) => d.activities.some((a) => a.id === id));
    if (!target) return;
    selectDay(target.id);
    setActivityId(id);
    setPane("details");
    // Out of view on a phone, or below the page's header: brought to the top of the screen with its heading focused.
    afterRender.current = () => reveal(sections.details.current, "start", headings.details.current);
    onActivityOpened?.();
  });
  useEffect(() => {
    if (openActivityId) openRequested(openActivityId);
  }, [openActivityId]);

  if (!day)
    return (
      <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">
        {i18n._("This experience has no days yet.")}
      </p>
    );
  const dayPosition = days.indexOf(day);
  const goToDay = (index: number) => {
    const next = days[index];
    if (next) {
      selectDay(next.id);
      setActivityId(null);
    }
    return next;
  };

  /** Shows a pane; when it was hidden (a phone), it comes into view with its heading focused. */
  const open = (to: "activities" | "details") => {
    const opening = isHidden(sections[to].current);
    setPane(to);
    if (opening) afterRender.current = () => reveal(sections[to].current, "start", headings[to].current);
  };

  const back = (to: "days" | "activities") => {
    setPane(to);
    const opener = to === "days" ? dayButtons.current.get(day.id) : activity && activityButtons.current.get(activity.id);
    afterRender.current = () => reveal(opener, "center");
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

  /** Previous or Next day; the arrow that reaches the first or last day is disabled, so focus moves to the other one rather than to the page. */
  const step = (by: -1 | 1) => {
    const next = goToDay(dayPosition + by);
    const atEnd = by < 0 ? dayPosition + by === 0 : dayPosition + by === days.length - 1;
    if (next && atEnd) afterRender.current = () => (by < 0 ? arrows.next : arrows.previous).current?.focus();
  };

  const backLink = (to: "days" | "activities", label: string, backTo: string, className: string) => (
    <button
      type="button"
      onClick={() => back(to)}
      className={`mb-2 inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-700 ${className}`}
      aria-label={backTo}
    >
      <span aria-hidden className="inline-block rtl:-scale-x-100">
        ←
      </span>{" "}
      {label}
    </button>
  );

  return (
    <div
      className={`grid gap-4 ${dayList ? "md:grid-cols-[300px_minmax(0,1fr)] lg:grid-cols-[300px_minmax(0,1fr)_minmax(0,1fr)]" : "md:grid-cols-[200px_minmax(0,1fr)] lg:grid-cols-[200px_minmax(0,1fr)_minmax(0,1fr)]"}`}
    >
      <section aria-label={i18n._("Days")} className={`${pane === "days" ? "block" : "hidden"} md:block`}>
        <div className="mb-2 flex min-h-8 items-center justify-between gap-2">
          <h2 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{i18n._("Days")}</h2>
          {daysAction}
        </div>
        {daysToolbar}
        {dayList ?? (
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
                    className={`block w-full text-start ${CLEAR_OF_TOP_BAR}`}
                    aria-current={d.id === day.id ? "true" : undefined}
                    aria-keyshortcuts="ArrowUp ArrowDown Home End"
                    onKeyDown={(event) => onDayKeyDown(event, index)}
                    onClick={() => {
                      selectDay(d.id);
                      setActivityId(null);
                      open("activities");
                    }}
                  >
                    <span className="block text-xs font-semibold tracking-wide text-brand-600 uppercase">{dayLabel(d)}</span>
                    <UserText className="mt-0.5 block truncate font-medium text-slate-900">{d.name}</UserText>
                    <span className="block text-xs text-slate-500">
                      {i18n._("{count, plural, one {# activity} other {# activities}}", { count: d.activities.length })}
                    </span>
                  </button>
                  {renderDayActions?.(d)}
                </div>
              </li>
            ))}
          </ol>
        )}
        {daysFooter}
      </section>

      <section
        ref={sections.activities}
        aria-label={i18n._("Activities")}
        className={`${pane === "activities" ? "block" : "hidden"} md:block ${CLEAR_OF_TOP_BAR}`}
      >
        {backLink("days", i18n._("Days"), i18n._("Back to days"), "md:hidden")}
        <div className="mb-2 flex items-center justify-between gap-2">
          <h2 ref={headings.activities} tabIndex={-1} className={eyebrow}>
            {dayLabel(day)}
          </h2>
          <div className="flex shrink-0 gap-1">
            <button
              type="button"
              ref={arrows.previous}
              aria-label={i18n._("Previous day")}
              disabled={dayPosition === 0}
              onClick={() => step(-1)}
              className={arrow}
            >
              <span aria-hidden>↑</span>
            </button>
            <button
              type="button"
              ref={arrows.next}
              aria-label={i18n._("Next day")}
              disabled={dayPosition === days.length - 1}
              onClick={() => step(1)}
              className={arrow}
            >
              <span aria-hidden>↓</span>
            </button>
          </div>
        </div>
        <div className="mb-3">
          {renderDayHeader ? (
            renderDayHeader(day)
          ) : (
            <>
              <UserText as="h3" className="text-lg font-semibold text-slate-900">
                {day.name}
              </UserText>
              <DayNotes day={day} />
            </>
          )}
        </div>
        {day.activities.length === 0 ? (
          <div className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center">
            <p className="text-slate-600">{i18n._(EMPTY_DAY_TEXT)}</p>
            {renderAddActivity?.(day)}
          </div>
        ) : (
          <ol className="@container space-y-4">
            {parallelBlocks(day.activities, seenFrom).map((block) => (
              <li key={block.activities[0].id}>
                <p className="mb-1.5 text-xs font-semibold tracking-wide text-slate-500">{block.time}</p>
                {/* Two tracks where the pane holds two cards, and in a desktop's three panes: the pane is as narrow there as a
                    phone's (350 px), so a container query alone cannot tell the two apart. */}
                <ul className={`grid gap-2 ${block.activities.length > 1 ? "@lg:grid-cols-2 lg:grid-cols-2" : ""}`}>
                  {block.activities.map((a) => (
                    <li key={a.id}>
                      <button
                        type="button"
                        ref={(button) => {
                          if (button) activityButtons.current.set(a.id, button);
                          else activityButtons.current.delete(a.id);
                        }}
                        onClick={() => {
                          setActivityId(a.id);
                          open("details");
                        }}
                        aria-current={a.id === activity?.id ? "true" : undefined}
                        className={`flex h-full w-full flex-wrap gap-3 rounded-xl border bg-white p-3 text-start transition ${CLEAR_OF_TOP_BAR} ${a.id === activity?.id ? "border-brand-500 ring-2 ring-brand-500/20" : "border-slate-200 hover:border-slate-300"}`}
                      >
                        <LazyPicture src={a.image?.thumbnail} name={a.name} className="size-14 shrink-0 rounded-lg object-cover" />
                        {/* Under the picture in a card too narrow for both side by side (a desktop's tracks). */}
                        <span className="min-w-0 grow basis-40">
                          <UserText className="block font-medium text-slate-900">{a.name}</UserText>
                          {a.subtitle && <UserText className="block truncate text-sm text-slate-600">{a.subtitle}</UserText>}
                          <span className="block text-xs text-slate-500">
                            {timesText(a, seenFrom)} · {formatDuration(a.startDateTime, a.endDateTime)}
                            {locationText(a.location) && ` · ${locationText(a.location)}`}
                          </span>
                          {a.signup && !renderActivityBadge && (
                            <span className="block text-xs font-medium text-brand-700">{placesText(a.signup)}</span>
                          )}
                          {renderActivityBadge?.(a)}
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

      <section
        ref={sections.details}
        aria-label={i18n._("Activity details")}
        className={`${pane === "details" ? "block" : "hidden"} md:col-span-2 lg:col-span-1 lg:block ${CLEAR_OF_TOP_BAR}`}
      >
        {backLink("activities", i18n._("Activities"), i18n._("Back to activities"), "lg:hidden")}
        {activity ? (
          <>
            <h2 ref={headings.details} tabIndex={-1} className={`mb-2 ${eyebrow}`}>
              {i18n._("Day {number} · {time}", { number: day.dayIndex + 1, time: startText(activity, seenFrom) })}
            </h2>
            {renderActivityDetails ? (
              renderActivityDetails(activity, day)
            ) : (
              <ActivityDetails
                key={activity.id}
                activity={activity}
                seenFrom={seenFrom}
                documentsEventId={documentsEventId}
                signupReader={signupReader}
              />
            )}
          </>
        ) : (
          <p className="hidden rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-500 lg:block">
            {i18n._("Select an activity to see its details.")}
          </p>
        )}
      </section>
    </div>
  );
}
