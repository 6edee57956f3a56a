import { Link } from "react-router-dom";
import { Button } from "@web/components/ui/button";
import { ApiError } from "@web/lib/api-client";
import { useI18n } from "@web/lib/i18n";

const HOME_LINK =
  "inline-flex min-h-11 items-center rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white shadow-sm hover:bg-brand-700";

/** The share link's page when its experience cannot be shown: gone (with a way home), or not loaded (try again). */
export function PublicLoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const i18n = useI18n();
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <section className="space-y-4 rounded-2xl border border-slate-200 bg-white px-6 py-12 text-center">
      <h1 className="text-lg font-semibold text-slate-900">{notFound ? i18n._("Event not found") : i18n._("Error loading event")}</h1>
      <p className="text-sm text-slate-600">
        {notFound ? i18n._("The link may be mistyped, or the experience was deleted.") : i18n._("Check your connection and try again.")}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        {!notFound && (
          <Button variant="secondary" className="min-h-11" onClick={onRetry}>
            {i18n._("Try again")}
          </Button>
        )}
        <Link to="/" className={HOME_LINK}>
          {i18n._("Go to the home page")}
        </Link>
      </div>
    </section>
  );
}
