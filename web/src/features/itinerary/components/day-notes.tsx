import { UserText } from "@web/components/ui/user-text";
import type { DayView } from "@worker/shared/itinerary.schema";

/** A day's subtitle and description under its name, as the day pane and the whole-trip view both show them. */
export function DayNotes({ day }: { day: Pick<DayView, "subtitle" | "description"> }) {
  return (
    <>
      {day.subtitle && (
        <UserText as="p" className="text-sm text-slate-600">
          {day.subtitle}
        </UserText>
      )}
      {day.description && (
        <UserText as="p" className="mt-1 text-sm whitespace-pre-line text-slate-600">
          {day.description}
        </UserText>
      )}
    </>
  );
}
