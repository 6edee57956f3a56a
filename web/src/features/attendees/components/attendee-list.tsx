import { useVirtualizer } from "@tanstack/react-virtual";
import { useRef, type ReactNode } from "react";
import { useI18n } from "@web/lib/i18n";
import type { Attendee } from "@worker/features/rsvp/rsvp.schema";
import { AttendeeRow, ROW_HEIGHT } from "./attendee-row";

interface AttendeeListProps {
  attendees: Attendee[];
  /** Whether the list has a checkbox column, and which rows may be ticked. */
  column: boolean;
  canSelect: (attendee: Attendee) => boolean;
  selected: ReadonlySet<string>;
  onToggle: (rsvpId: string) => void;
  /** A row's own menu, if it has one. */
  rowMenu?: (attendee: Attendee) => ReactNode;
}

/** Only the rows in view (and a few around them) are in the page, so 2,000 attendees scroll as smoothly as 20. */
export function AttendeeList({ attendees, column, canSelect, selected, onToggle, rowMenu }: AttendeeListProps) {
  const i18n = useI18n();
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: attendees.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    getItemKey: (index) => attendees[index]!.id,
  });
  return (
    <div
      ref={scroller}
      className="max-h-[min(65vh,36rem)] overflow-y-auto overscroll-contain"
      style={{ height: attendees.length * ROW_HEIGHT }}
    >
      <ul aria-label={i18n._("Attendees")} className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const attendee = attendees[item.index]!;
          return (
            <li
              key={item.key}
              aria-setsize={attendees.length}
              aria-posinset={item.index + 1}
              className="absolute inset-x-0 top-0"
              style={{ height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
            >
              <AttendeeRow
                attendee={attendee}
                column={column}
                checkbox={canSelect(attendee) ? { checked: selected.has(attendee.id), onChange: () => onToggle(attendee.id) } : undefined}
                menu={rowMenu?.(attendee)}
              />
            </li>
          );
        })}
      </ul>
    </div>
  );
}
