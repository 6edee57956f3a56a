import { useId, useState } from "react";
import { Button } from "@web/components/ui/button";
import { useI18n } from "@web/lib/i18n";
import type { Changes } from "@worker/features/notifications/notifications.schema";

/** Where a panel that came after first paint sits: over the page's foot, within a phone's width and height. */
const FLOATING = "fixed inset-x-3 bottom-3 z-30 mx-auto max-h-[60vh] max-w-lg overflow-y-auto shadow-lg";

/** The lines shown before 'Show all'. */
const FIRST_LINES = 5;

/**
 * A list of change-log lines under a heading, with 'Dismiss': 'What changed since you last looked' and 'While you
 * were offline'. `floating`: over the page's foot, so nothing in the page moves when it appears.
 */
export function ChangesPanel({
  heading,
  changes,
  floating,
  onDismiss,
}: {
  heading: string;
  changes: Changes["changes"];
  floating: boolean;
  onDismiss: () => void;
}) {
  const i18n = useI18n();
  const [all, setAll] = useState(false);
  const headingId = useId();
  const shown = all ? changes : changes.slice(0, FIRST_LINES);
  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-2xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-950 ${floating ? FLOATING : "mb-4"}`}
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={headingId} className="font-semibold">
          {heading}
        </h2>
        <Button variant="ghost" className="-my-1 shrink-0" onClick={onDismiss}>
          {i18n._("Dismiss")}
        </Button>
      </div>
      <ul className="mt-2 space-y-1">
        {shown.map((change) => (
          <li key={change.seq} className="break-words">
            {change.text}
          </li>
        ))}
      </ul>
      {changes.length > FIRST_LINES && !all && (
        <button type="button" onClick={() => setAll(true)} className="mt-2 min-h-11 font-medium text-brand-700 hover:underline">
          {i18n._("Show all ({count, number})", { count: changes.length })}
        </button>
      )}
    </section>
  );
}
