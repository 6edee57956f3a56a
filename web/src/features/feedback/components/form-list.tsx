import { Button } from "@web/components/ui/button";
import { UserText } from "@web/components/ui/user-text";
import { useI18n } from "@web/lib/i18n";
import { FEEDBACK_TOASTS, type ManagedFeedbackForm } from "@worker/features/feedback/feedback.schema";

interface FormListProps {
  forms: ManagedFeedbackForm[];
  publishing: string | null;
  onEdit: (form: ManagedFeedbackForm) => void;
  onPublish: (form: ManagedFeedbackForm) => void;
  onResults: (form: ManagedFeedbackForm) => void;
  onDelete: (form: ManagedFeedbackForm) => void;
}

/** The experience's forms: a draft says '(Draft)' (spec 2 §4) and offers Publish; every form offers its results. */
export function FormList({ forms, publishing, onEdit, onPublish, onResults, onDelete }: FormListProps) {
  const i18n = useI18n();
  return (
    <ul aria-label={i18n._("Feedback forms")} className="space-y-3">
      {forms.map((form) => (
        <li key={form.id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0 flex-1 basis-56">
              <h3 className="font-semibold break-words text-slate-900">
                <UserText>{form.title}</UserText>
                {form.isActive ? (
                  <span className="ms-2 rounded-full bg-emerald-50 px-2 py-0.5 align-middle text-xs font-medium text-emerald-700">
                    {i18n._("Published")}
                  </span>
                ) : (
                  <span className="ms-1 font-normal text-slate-500"> {i18n._(FEEDBACK_TOASTS.draft)}</span>
                )}
              </h3>
              <UserText as="p" className="mt-1 line-clamp-2 text-sm text-slate-600">
                {form.description}
              </UserText>
              <p className="mt-1 text-xs text-slate-500">
                {form.dataFields.length > 0
                  ? i18n._(
                      "{questions, plural, one {# rating question} other {# rating questions}} · open question · {responses, plural, one {# response} other {# responses}}",
                      { questions: form.fields.length, responses: form.responsesCount },
                    )
                  : i18n._(
                      "{questions, plural, one {# rating question} other {# rating questions}} · {responses, plural, one {# response} other {# responses}}",
                      { questions: form.fields.length, responses: form.responsesCount },
                    )}
              </p>
            </div>
            <div className="grid w-full grid-cols-2 gap-2 sm:flex sm:w-auto sm:flex-wrap">
              {!form.isActive && (
                <Button onClick={() => onPublish(form)} disabled={publishing !== null}>
                  {publishing === form.id ? i18n._("Publishing...") : i18n._("Publish")}
                </Button>
              )}
              <Button variant="secondary" onClick={() => onResults(form)}>
                {i18n._("Results")}
              </Button>
              <Button variant="secondary" onClick={() => onEdit(form)}>
                {i18n._("Edit")}
              </Button>
              <Button variant="ghost" className="text-rose-700 hover:bg-rose-50" onClick={() => onDelete(form)}>
                {i18n._("Delete")}
              </Button>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
