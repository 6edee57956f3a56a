import { useEffect, useState } from "react";
import { Button } from "@web/components/ui/button";
import { useI18n } from "@web/lib/i18n";
import { intlLocale } from "@worker/shared/locales";

export const GENERATION_STAGES = {
  uploading: /*i18n*/ "Uploading…",
  reading: /*i18n*/ "Reading the document…",
  building: /*i18n*/ "Building the days…",
} as const;

type Stage = keyof typeof GENERATION_STAGES;

/**
 * The server answers once, at the end, so after the upload the stages are estimated: reading the PDF's text
 * (capped in pages and characters) is the quick part, so it is named for its first seconds and the rest is
 * building the days. The bar then has no value: it never claims a share of work it cannot know.
 */
export const READING_STAGE_MS = 2000;

interface GenerationProgressProps {
  /** Whole percentages of the form sent (real, from the XHR's upload events). */
  uploaded: number;
  /** A PDF was attached: the server reads it before it builds the days. */
  withDocument: boolean;
  onCancel: () => void;
}

/** AI mode's wait: what is happening now, the steps done and to come, and Cancel. */
export function GenerationProgress({ uploaded, withDocument, onCancel }: GenerationProgressProps) {
  const i18n = useI18n();
  const uploading = uploaded < 100;
  const [serverStage, setServerStage] = useState<Exclude<Stage, "uploading">>(withDocument ? "reading" : "building");
  useEffect(() => {
    if (uploading || serverStage === "building") return;
    const timer = setTimeout(() => setServerStage("building"), READING_STAGE_MS);
    return () => clearTimeout(timer);
  }, [uploading, serverStage]);

  const stage: Stage = uploading ? "uploading" : serverStage;
  const steps: Stage[] = withDocument ? ["uploading", "reading", "building"] : ["uploading", "building"];
  const current = steps.indexOf(stage);

  return (
    <div className="space-y-5" data-testid="generation-progress">
      <div className="space-y-2">
        <p role="status" className="flex items-baseline justify-between gap-3 text-sm font-semibold text-slate-900">
          <span>{i18n._(GENERATION_STAGES[stage])}</span>
          {uploading && (
            <span className="tabular-nums text-slate-500">
              {new Intl.NumberFormat(intlLocale(i18n.locale), { style: "percent" }).format(uploaded / 100)}
            </span>
          )}
        </p>
        <div
          role="progressbar"
          aria-label={i18n._(GENERATION_STAGES[stage])}
          aria-valuemin={uploading ? 0 : undefined}
          aria-valuemax={uploading ? 100 : undefined}
          aria-valuenow={uploading ? uploaded : undefined}
          className="h-2 overflow-hidden rounded-full bg-slate-100"
        >
          <div
            className={`h-full rounded-full bg-brand-600 transition-[width] ${uploading ? "" : "animate-pulse"}`}
            style={{ width: uploading ? `${uploaded}%` : "100%" }}
          />
        </div>
      </div>

      <ol className="space-y-2 text-sm" aria-label={i18n._("Steps")}>
        {steps.map((step, i) => {
          const state = i < current ? "done" : i === current ? "current" : "pending";
          return (
            <li
              key={step}
              data-state={state}
              aria-current={state === "current" ? "step" : undefined}
              className="flex items-center gap-3 text-slate-500 data-[state=current]:font-medium data-[state=current]:text-slate-900 data-[state=done]:text-slate-600"
            >
              <span
                aria-hidden="true"
                className={`grid size-5 shrink-0 place-items-center rounded-full border text-[11px] ${
                  state === "done"
                    ? "border-emerald-500 bg-emerald-500 text-white"
                    : state === "current"
                      ? "animate-pulse border-brand-600 bg-brand-50"
                      : "border-slate-300"
                }`}
              >
                {state === "done" && (
                  <svg viewBox="0 0 20 20" fill="currentColor" className="size-3.5">
                    <path
                      fillRule="evenodd"
                      d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.58l7.3-7.3a1 1 0 0 1 1.4 0Z"
                      clipRule="evenodd"
                    />
                  </svg>
                )}
              </span>
              {i18n._(GENERATION_STAGES[step])}
            </li>
          );
        })}
      </ol>

      <p className="text-xs text-slate-500">
        {i18n._("The experience is saved only once its whole itinerary is ready, and then it opens.")}
      </p>
      <div className="flex justify-end">
        <Button variant="secondary" onClick={onCancel} autoFocus>
          {i18n._("Cancel")}
        </Button>
      </div>
    </div>
  );
}
