import { useQuery } from "@tanstack/react-query";
import { Avatar } from "@web/components/ui/avatar";
import { Modal } from "@web/components/ui/modal";
import { Spinner } from "@web/components/ui/spinner";
import { UserText } from "@web/components/ui/user-text";
import { errorMessage } from "@web/lib/api-client";
import { useI18n } from "@web/lib/i18n";
import { Trans } from "@web/lib/trans";
import { RATING_MAX, type FeedbackResults, type ManagedFeedbackForm } from "@worker/features/feedback/feedback.schema";
import { intlLocale } from "@worker/shared/locales";
import { resultsQueryOptions } from "../api/get-results";
import { ResultsExport } from "./results-export";

const average = (value: number | null, locale: string) =>
  value === null ? "–" : new Intl.NumberFormat(intlLocale(locale), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);

/** A form's results: how many answered, the overall average, one bar per rating question and the open answers. */
export function FormResults({ eventId, form, onClose }: { eventId: string; form: ManagedFeedbackForm; onClose: () => void }) {
  const i18n = useI18n();
  const { data: results, error, isPending } = useQuery(resultsQueryOptions(eventId, form.id));
  return (
    <Modal
      title={<Trans id="Results: <0>{title}</0>" values={{ title: form.title }} components={{ 0: <UserText /> }} />}
      onClose={onClose}
      size="lg"
    >
      {isPending ? (
        <div className="grid place-items-center py-10">
          <Spinner label={i18n._("Loading results")} />
        </div>
      ) : error ? (
        <p role="alert" className="py-6 text-center text-sm text-rose-700">
          {errorMessage(error)}
        </p>
      ) : (
        <>
          <div className="-mt-2 mb-3 flex justify-end">
            <ResultsExport eventId={eventId} formId={form.id} />
          </div>
          <ResultsBody results={results} />
        </>
      )}
    </Modal>
  );
}

function ResultsBody({ results }: { results: FeedbackResults }) {
  const i18n = useI18n();
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-3">
        <div className="rounded-xl bg-slate-50 p-3">
          <dt className="text-xs font-medium text-slate-500 uppercase">{i18n._("Responses")}</dt>
          <dd className="text-2xl font-bold text-slate-900">
            {new Intl.NumberFormat(intlLocale(i18n.locale)).format(results.responsesCount)}
          </dd>
        </div>
        <div className="rounded-xl bg-slate-50 p-3">
          <dt className="text-xs font-medium text-slate-500 uppercase">{i18n._("Average rating")}</dt>
          <dd className="text-2xl font-bold text-slate-900">
            {average(results.totalAverage, i18n.locale)}
            <span className="text-sm font-medium text-slate-500"> {i18n._("/ {max}", { max: RATING_MAX })}</span>
          </dd>
        </div>
      </dl>

      {results.responses.length > 0 && (
        <section>
          <h3 className="text-sm font-semibold text-slate-900">{i18n._("Average per question")}</h3>
          <ul aria-label={i18n._("Average per question")} className="mt-3 space-y-3">
            {results.responses.map((field) => (
              <li key={field.fieldId}>
                <UserText as="p" className="text-sm text-slate-800">
                  {field.label}
                </UserText>
                <div className="mt-1 flex items-center gap-3">
                  <div aria-hidden className="h-3 flex-1 overflow-hidden rounded-full bg-slate-100">
                    <div
                      className="h-full rounded-full bg-brand-600"
                      style={{ width: `${((field.averageRating ?? 0) / RATING_MAX) * 100}%` }}
                    />
                  </div>
                  <span className="w-10 shrink-0 text-end text-sm font-semibold text-slate-900 tabular-nums">
                    {average(field.averageRating, i18n.locale)}
                  </span>
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}

      {results.dataResponses.map((question) => (
        <section key={question.id}>
          <h3 className="text-sm font-semibold text-slate-900">{question.dataFieldLabel}</h3>
          {question.responses.length === 0 ? (
            <p className="mt-2 text-sm text-slate-500">{i18n._("No answers yet.")}</p>
          ) : (
            <ul aria-label={question.dataFieldLabel} className="mt-3 space-y-3">
              {question.responses.map((answer) => {
                const name = `${answer.user.firstName} ${answer.user.lastName}`.trim();
                return (
                  <li key={answer.id} className="flex gap-3">
                    <Avatar src={answer.user.profilePic?.thumbnail} name={name} className="size-8" />
                    <div className="min-w-0">
                      <UserText as="p" className="text-sm font-medium text-slate-900">
                        {name}
                      </UserText>
                      <p className="text-sm break-words whitespace-pre-line text-slate-700">{answer.data}</p>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}
