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
  "To pick up a day, press Space or Enter. Use the Up and Down arrow keys to move it, then Space or Enter to drop it, or Escape to cancel. The Move up and Move down buttons move a day one place.";

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
  const [liveRegion, setLiveRegion] = useState<HTMLDivElement | null>(null);
  const [status, setStatus] = useState("");
  const list = useRef<HTMLOListElement>(null);
  const refocus = useRef<{ id: string; direction: "up" | "down" } | null>(null);
  const ids = days.map((d) => d.id);
  const nameOf = (id: UniqueIdentifier) => days.find((d) => d.id === id)?.name ?? "The day";
  const place = (id: UniqueIdentifier | undefined) => `position ${ids.indexOf(String(id)) + 1} of ${ids.length}`;

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
      return `Picked up ${nameOf(active.id)}. It is in ${place(active.id)}.`;
    },
    onDragOver: ({ active, over }) => {
      if ((over?.id ?? null) === lastOver.current) return undefined;
      lastOver.current = over?.id ?? null;
      return over ? `${nameOf(active.id)} is over ${place(over.id)}.` : `${nameOf(active.id)} is no longer over the list.`;
    },
    onDragEnd: ({ active, over }) => (over ? `${nameOf(active.id)} dropped in ${place(over.id)}.` : `${nameOf(active.id)} dropped.`),
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled. It is back in ${place(active.id)}.`,
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onReorder(arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  };

  const step = (index: number, by: -1 | 1) => {
    const day = days[index]!;
    refocus.current = { id: day.id, direction: by < 0 ? "up" : "down" };
    onReorder(arrayMove(ids, index, index + by));
    setStatus(`${isolate(day.name)} moved to position ${index + by + 1} of ${ids.length}.`);
  };

  return (
    <div>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        modifiers={[verticalOnly]}
        onDragEnd={onDragEnd}
        accessibility={{ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS }, container: liveRegion ?? undefined }}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <ol ref={list} className="space-y-2" aria-label="Days in their new order">
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
        aria-label={`Drag ${day.name}`}
        className="grid size-11 shrink-0 cursor-grab touch-none place-items-center rounded-lg text-slate-400 hover:bg-slate-100 hover:text-slate-600 active:cursor-grabbing"
      >
        <DragHandleIcon />
      </button>
      <span className="min-w-0 flex-1 py-1">
        <span className="block text-xs font-semibold tracking-wide text-brand-600 uppercase">
          Day {position + 1} · {formatDay(date)}
        </span>
        <UserText className="block truncate font-medium text-slate-900">{day.name}</UserText>
      </span>
      <MoveButton day={day} direction="up" disabled={position === 0} onStep={onStep} />
      <MoveButton day={day} direction="down" disabled={last} onStep={onStep} />
    </li>
  );
}

const MOVES = { up: { by: -1, arrow: "↑" }, down: { by: 1, arrow: "↓" } } as const;

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
  return (
    <button
      type="button"
      data-day={day.id}
      data-move={direction}
      aria-label={`Move ${day.name} ${direction}`}
      disabled={disabled}
      onClick={() => onStep(MOVES[direction].by)}
      className={move}
    >
      <span aria-hidden>{MOVES[direction].arrow}</span>
    </button>
  );
}
