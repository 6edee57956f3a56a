import { Button } from "@web/components/ui/button";
import { useI18n } from "@web/lib/i18n";

/** Guests this gate admitted offline whom another device had admitted too: both admissions are kept, and flagged. */
export function DoubleAdmissions({ names, onDismiss }: { names: string[]; onDismiss: () => void }) {
  const i18n = useI18n();
  if (names.length === 0) return null;
  return (
    <div role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-900 ring-1 ring-rose-200">
      <p className="font-medium">{i18n._("Admitted twice while offline (another device admitted them too):")}</p>
      <ul className="mt-1 list-disc ps-5">
        {names.map((name, index) => (
          <li key={`${name}-${index}`}>{name}</li>
        ))}
      </ul>
      <Button variant="ghost" className="mt-1" onClick={onDismiss}>
        {i18n._("Dismiss")}
      </Button>
    </div>
  );
}
