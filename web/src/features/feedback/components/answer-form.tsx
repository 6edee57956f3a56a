import { useState, type FormEvent } from "react";
import { Button } from "@web/components/ui/button";
import { FormError, TextAreaField } from "@web/components/ui/field";
import { UserText } from "@web/components/ui/user-text";
import { errorMessage } from "@web/lib/api-client";
import { useI18n } from "@web/lib/i18n";
import { Trans } from "@web/lib/trans";
import { FEEDBACK_ANSWER_MAX, FEEDBACK_TOASTS, type FeedbackForm, type Rating } from "@worker/features/feedback/feedback.schema";
import { useAnswerForm } from "../api/answer-form";
import { RatingChoices } from "./rating-choices";

/**
 * A guest's answer: every rating question (required), the optional open question, Submit. Once stored, the answer
 * card thanks them. As a `preview` (an organiser on the guests' page) it is the same form with nothing to answer:
 * the server refuses an organiser's answer, so the form does not offer one.
 */
export function AnswerForm({ form, preview = false }: { form: FeedbackForm; preview?: boolean }) {
  const i18n = useI18n();
  const [ratings, setRatings] = useState<Record<string, Rating>>({});
  const [text, setText] = useState("");
  const answer = useAnswerForm(form.eventId, form.id);
  const openQuestion = form.dataFields[0];
  const complete = form.fields.every((field) => ratings[field.id] !== undefined);
  const locked = preview || answer.isPending;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (preview || !complete) return;
    answer.mutate({
      responses: form.fields.map((field) => ({ fieldId: field.id, rating: ratings[field.id]! })),
      dataResponses: openQuestion && text.trim() ? [{ dataFieldId: openQuestion.id, data: text.trim() }] : [],
    });
  };

  return (
    <form onSubmit={submit} className="space-y-5">
      {form.description && (
        <UserText as="p" className="text-sm whitespace-pre-line text-slate-700">
          {form.description}
        </UserText>
      )}
      {form.fields.map((field) => (
        <RatingChoices
          key={field.id}
          label={field.label}
          name={`rating-${field.id}`}
          value={ratings[field.id]}
          onChange={(rating) => setRatings((current) => ({ ...current, [field.id]: rating }))}
          disabled={locked}
        />
      ))}
      {openQuestion && (
        <TextAreaField
          label={i18n._("{question} (optional)", { question: openQuestion.dataFieldLabel })}
          value={text}
          maxLength={FEEDBACK_ANSWER_MAX}
          onChange={(e) => setText(e.target.value)}
          disabled={locked}
        />
      )}
      {preview ? (
        <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <Trans id="<0>Preview</0> — guests answer here." components={{ 0: <span className="font-semibold" /> }} />
        </p>
      ) : (
        <>
          <FormError>{answer.error && errorMessage(answer.error)}</FormError>
          <div className="flex flex-wrap items-center justify-end gap-3">
            {!complete && <p className="text-xs text-slate-500">{i18n._("Choose a rating for every question to submit.")}</p>}
            <Button type="submit" disabled={!complete || answer.isPending}>
              {answer.isPending ? i18n._("Sending...") : i18n._("Submit")}
            </Button>
          </div>
        </>
      )}
    </form>
  );
}

/** What a guest sees once they have answered, now or before. */
export function ThankYou({ title }: { title: string }) {
  const i18n = useI18n();
  return (
    <div role="status" className="py-6 text-center">
      <span aria-hidden className="mx-auto grid size-12 place-items-center rounded-full bg-emerald-100 text-xl text-emerald-700">
        ✓
      </span>
      <p className="mt-3 font-semibold text-slate-900">{i18n._(FEEDBACK_TOASTS.answered)}</p>
      <p className="mt-1 text-sm text-slate-600">
        <Trans id="Your answers to “<0>{title}</0>” were sent to the hosts." values={{ title }} components={{ 0: <UserText /> }} />
      </p>
    </div>
  );
}
