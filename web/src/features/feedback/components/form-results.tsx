import { useQuery } from "@tanstack/react-query";
import { Avatar } from "@web/components/ui/avatar";
import { Modal } from "@web/components/ui/modal";
import { Spinner } from "@web/components/ui/spinner";
import { UserText } from "@web/components/ui/user-text";
import { errorMessage } from "@web/lib/api-client";
import { RATING_MAX, type FeedbackResults, type ManagedFeedbackForm } from "@worker/features/feedback/feedback.schema";
import { resultsQueryOptions } from "../api/get-results";
import { ResultsExport } from "./results-export";

const average = (value: number | null) => (value === null ? "–" : value.toFixed(2));

/** A form's results: how many answered, the overall average, one bar per rating question and the open answers. */
export function FormResults({ eventId, form, onClose }: { eventId: string; form: ManagedFeedbackForm; onClose: () => void }) {
  const { data: results, error, isPending } = useQuery(resultsQueryOptions(eventId, form.id));
  return (
    <Modal
      title={
        <>
          Results: <UserText>{form.title}</UserText>
        </>
      }
      onClose={onClose}
      size="lg"
    >
      {isPending ? (
        <div className="grid place-items-center py-10">
          <Spinner label="Loading results" />
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
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-3">
        <div className="rounded-xl bg-slate-50 p-3">
          <dt className="text-xs font-medium text-slate-500 uppercase">Responses</dt>
          <dd className="text-2xl font-bold text-slate-900">{results.responsesCount}</dd>
        </div>
        <div className="rounded-xl bg-slate-50 p-3">
          <dt className="text-xs font-medium text-slate-500 uppercase">Average rating</dt>
          <dd className="text-2xl font-bold text-slate-900">
            {average(results.totalAverage)}
            <span className="text-sm font-medium text-slate-500"> / {RATING_MAX}</span>
          </dd>
        </div>
      </dl>

      {results.responses.length > 0 && (
        <section>
          <h3 className="text-sm font-semibold text-slate-900">Average per question</h3>
          <ul aria-label="Average per question" className="mt-3 space-y-3">
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
                  <span className="w-10 shrink-0 text-right text-sm font-semibold text-slate-900 tabular-nums">
                    {average(field.averageRating)}
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
            <p className="mt-2 text-sm text-slate-500">No answers yet.</p>
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
