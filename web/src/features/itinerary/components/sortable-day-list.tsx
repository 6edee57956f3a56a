import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type Modifier,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useLayoutEffect, useRef, useState } from "react";
import { DragHandleIcon } from "@web/components/ui/icons";
import { UserText } from "@web/components/ui/user-text";
import { isolate } from "@web/lib/bidi";
import { useI18n } from "@web/lib/i18n";
import type { DayView as Day } from "@worker/shared/itinerary.schema";
import { formatDay } from "@worker/shared/time-zone";

export interface SortableDayListProps {
  /** The days in the order being made. */
  days: Day[];
  /** The experience's dates in order: the day in place i takes dates[i] once saved. */
  dates: string[];
  onReorder: (ids: string[]) => void;
}

const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

const INSTRUCTIONS =
  /*i18n*/ "To pick up a day, press Space or Enter. Use the Up and Down arrow keys to move it, then Space or Enter to drop it, or Escape to cancel. The Move up and Move down buttons move a day one place.";

const move = "grid size-11 shrink-0 place-items-center rounded-lg text-slate-600 hover:bg-slate-100 disabled:opacity-30 md:size-8";

/**
 * Reorder mode: the day list itself, sorted by drag and drop (pointer, touch, or the keyboard through the handle,
 * with spoken announcements) or by each day's Move up and Move down buttons.
 */
export function SortableDayList({ days, dates, onReorder }: SortableDayListProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const i18n = useI18n();
  const [liveRegion, setLiveRegion] = useState<HTMLDivElement | null>(null);
  const [status, setStatus] = useState("");
  const list = useRef<HTMLOListElement>(null);
  const refocus = useRef<{ id: string; direction: "up" | "down" } | null>(null);
  const ids = days.map((d) => d.id);
  const nameOf = (id: UniqueIdentifier) => days.find((d) => d.id === id)?.name ?? i18n._("The day");
  /** A day's place in the list, as the announcements name it ('position 2 of 3'). */
  const place = (id: UniqueIdentifier | undefined) => ({ position: ids.indexOf(String(id)) + 1, count: ids.length });

  // A day moved by its buttons keeps focus on the button pressed, or on the other one when it reached an end.
  useLayoutEffect(() => {
    const target = refocus.current;
    refocus.current = null;
    if (!target) return;
    const button = (direction: string) =>
      list.current?.querySelector<HTMLButtonElement>(`[data-day="${target.id}"][data-move="${direction}"]`);
    const pressed = button(target.direction);
    (pressed && !pressed.disabled ? pressed : button(target.direction === "up" ? "down" : "up"))?.focus();
  });

  // dnd-kit reports the day as over its own place as soon as it is picked up: only a change of place is news.
  const lastOver = useRef<UniqueIdentifier | null>(null);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOver.current = active.id;
      return i18n._("Picked up {name}. It is in position {position} of {count}.", { name: nameOf(active.id), ...place(active.id) });
    },
    onDragOver: ({ active, over }) => {
      if ((over?.id ?? null) === lastOver.current) return undefined;
      lastOver.current = over?.id ?? null;
      return over
        ? i18n._("{name} is over position {position} of {count}.", { name: nameOf(active.id), ...place(over.id) })
        : i18n._("{name} is no longer over the list.", { name: nameOf(active.id) });
    },
    onDragEnd: ({ active, over }) =>
      over
        ? i18n._("{name} dropped in position {position} of {count}.", { name: nameOf(active.id), ...place(over.id) })
        : i18n._("{name} dropped.", { name: nameOf(active.id) }),
    onDragCancel: ({ active }) =>
      i18n._("Moving {name} was cancelled. It is back in position {position} of {count}.", {
        name: nameOf(active.id),
        ...place(active.id),
      }),
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onReorder(arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  };

  const step = (index: number, by: -1 | 1) => {
    const day = days[index]!;
    refocus.current = { id: day.id, direction: by < 0 ? "up" : "down" };
    onReorder(arrayMove(ids, index, index + by));
    setStatus(
      i18n._("{name} moved to position {position} of {count}.", { name: isolate(day.name), position: index + by + 1, count: ids.length }),
    );
  };

  return (
    <div>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        modifiers={[verticalOnly]}
        onDragEnd={onDragEnd}
        accessibility={{ announcements, screenReaderInstructions: { draggable: i18n._(INSTRUCTIONS) }, container: liveRegion ?? undefined }}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <ol ref={list} className="space-y-2" aria-label={i18n._("Days in their new order")}>
            {days.map((day, index) => (
              <SortableDay
                key={day.id}
                day={day}
                position={index}
                date={dates[index] ?? day.date}
                last={index === days.length - 1}
                onStep={(by) => step(index, by)}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <div ref={setLiveRegion} />
      <p role="status" className="sr-only">
        {status}
      </p>
    </div>
  );
}

function SortableDay({
  day,
  position,
  date,
  last,
  onStep,
}: {
  day: Day;
  position: number;
  date: string;
  last: boolean;
  onStep: (by: -1 | 1) => void;
}) {
  const i18n = useI18n();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: day.id });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`flex items-center gap-1 rounded-xl border bg-white p-1.5 ${isDragging ? "relative z-10 border-brand-500 shadow-lg ring-2 ring-brand-500/20" : "border-slate-200"}`}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={i18n._("Drag {name}", { name: day.name })}
        className="grid size-11 shrink-0 cursor-grab touch-none place-items-center rounded-lg text-slate-400 hover:bg-slate-100 hover:text-slate-600 active:cursor-grabbing"
      >
        <DragHandleIcon />
      </button>
      <span className="min-w-0 flex-1 py-1">
        <span className="block text-xs font-semibold tracking-wide text-brand-600 uppercase">
          {i18n._("Day {number} · {date}", { number: position + 1, date: formatDay(date) })}
        </span>
        <UserText className="block truncate font-medium text-slate-900">{day.name}</UserText>
      </span>
      <MoveButton day={day} direction="up" disabled={position === 0} onStep={onStep} />
      <MoveButton day={day} direction="down" disabled={last} onStep={onStep} />
    </li>
  );
}

const MOVES = {
  up: { by: -1, arrow: "↑", label: /*i18n*/ "Move {name} up" },
  down: { by: 1, arrow: "↓", label: /*i18n*/ "Move {name} down" },
} as const;

/** Moves the day one place up or down: the keyboard's and the screen reader's way to reorder. */
function MoveButton({
  day,
  direction,
  disabled,
  onStep,
}: {
  day: Day;
  direction: keyof typeof MOVES;
  disabled: boolean;
  onStep: (by: -1 | 1) => void;
}) {
  const i18n = useI18n();
  return (
    <button
      type="button"
      data-day={day.id}
      data-move={direction}
      aria-label={i18n._(MOVES[direction].label, { name: day.name })}
      disabled={disabled}
      onClick={() => onStep(MOVES[direction].by)}
      className={move}
    >
      <span aria-hidden>{MOVES[direction].arrow}</span>
    </button>
  );
}
