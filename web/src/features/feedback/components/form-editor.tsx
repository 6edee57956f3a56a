import { useEffect, useRef, useState, type FormEvent } from "react";
import { Button } from "@web/components/ui/button";
import { DialogFooter } from "@web/components/ui/dialog-footer";
import { FormError, TextAreaField, TextField } from "@web/components/ui/field";
import { Modal } from "@web/components/ui/modal";
import { errorMessage } from "@web/lib/api-client";
import { useI18n } from "@web/lib/i18n";
import {
  createFormBodySchema,
  FEEDBACK_LABEL_MAX,
  FEEDBACK_MESSAGES,
  FEEDBACK_RATING_FIELDS_MAX,
  RATING_LABELS,
  RATING_MAX,
  RATING_MIN,
  type ManagedFeedbackForm,
} from "@worker/features/feedback/feedback.schema";
import { useCreateForm } from "../api/create-form";
import { useUpdateForm } from "../api/update-form";

interface Question {
  key: number;
  label: string;
}

type Errors = Partial<Record<"title" | "description" | "form", string>>;

/** Create (no `form`) or edit a form. Blank rating questions and a blank open question are left out when saved. */
export function FormEditor({ eventId, form, onClose }: { eventId: string; form?: ManagedFeedbackForm; onClose: () => void }) {
  const i18n = useI18n();
  const nextKey = useRef(0);
  const question = (label: string): Question => ({ key: nextKey.current++, label });
  const [title, setTitle] = useState(form?.title ?? "");
  const [description, setDescription] = useState(form?.description ?? "");
  const [questions, setQuestions] = useState<Question[]>(() => (form ? form.fields.map((f) => question(f.label)) : [question("")]));
  const [openQuestion, setOpenQuestion] = useState(form?.dataFields[0]?.dataFieldLabel ?? "");
  const [errors, setErrors] = useState<Errors>({});
  // Spec: answers are kept against the questions they rate, so a form with answers keeps its questions.
  const frozen = (form?.responsesCount ?? 0) > 0;

  const create = useCreateForm(eventId);
  const update = useUpdateForm(eventId, form?.id ?? "");
  const saving = create.isPending || update.isPending;

  // Adding a question focuses it; removing one focuses the next (or the add button), so focus never falls out of the dialog.
  const list = useRef<HTMLOListElement>(null);
  const focusNext = useRef<number | "add" | null>(null);
  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (target !== null)
      list.current?.parentElement
        ?.querySelector<HTMLElement>(target === "add" ? "[data-add-question]" : `[data-question="${target}"]`)
        ?.focus();
  }, [questions]);

  const setLabel = (key: number, label: string) => setQuestions((all) => all.map((q) => (q.key === key ? { ...q, label } : q)));
  const add = () => {
    const added = question("");
    focusNext.current = added.key;
    setQuestions((all) => [...all, added]);
  };
  const remove = (key: number) => {
    const index = questions.findIndex((q) => q.key === key);
    focusNext.current = (questions[index + 1] ?? questions[index - 1])?.key ?? "add";
    setQuestions((all) => all.filter((q) => q.key !== key));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = {
      title,
      description,
      fields: questions.map((q) => ({ label: q.label.trim() })).filter((f) => f.label !== ""),
      dataFields: openQuestion.trim() ? [{ dataFieldLabel: openQuestion.trim() }] : [],
    };
    const parsed = createFormBodySchema.safeParse(body);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === "title" || issue.path[0] === "description" ? issue.path[0] : "form";
        // A bound's message names it ('{maximum}'), as the Worker's validation words it.
        const { minimum, maximum } = issue as { minimum?: unknown; maximum?: unknown };
        next[key] ??= i18n._(issue.message, { minimum, maximum });
      }
      setErrors(next);
      return;
    }
    setErrors({});
    const done = { onSuccess: onClose, onError: (error: Error) => setErrors({ form: errorMessage(error) }) };
    if (!form) create.mutate(parsed.data, done);
    else if (frozen) update.mutate({ title: parsed.data.title, description: parsed.data.description }, done);
    else update.mutate(parsed.data, done);
  };

  return (
    <Modal title={form ? i18n._("Edit form") : i18n._("New feedback form")} onClose={onClose} size="lg">
      <form onSubmit={submit} noValidate className="space-y-5">
        <TextField label={i18n._("Title")} autoFocus value={title} onChange={(e) => setTitle(e.target.value)} error={errors.title} />
        <TextAreaField
          label={i18n._("Description")}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          error={errors.description}
        />

        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-700">
            {i18n._("Rating questions ({min} {minLabel} to {max} {maxLabel})", {
              min: RATING_MIN,
              minLabel: i18n._(RATING_LABELS[RATING_MIN]),
              max: RATING_MAX,
              maxLabel: i18n._(RATING_LABELS[RATING_MAX]),
            })}
          </legend>
          {frozen && <p className="text-sm text-amber-700">{i18n._(FEEDBACK_MESSAGES.fieldsFrozen)}</p>}
          <ol ref={list} className="space-y-2">
            {questions.map((q, index) => (
              <li key={q.key} className="flex items-center gap-2">
                <span aria-hidden className="w-5 shrink-0 text-end text-sm text-slate-500">
                  {index + 1}.
                </span>
                <input
                  aria-label={i18n._("Rating question {number}", { number: index + 1 })}
                  data-question={q.key}
                  value={q.label}
                  maxLength={FEEDBACK_LABEL_MAX}
                  disabled={frozen}
                  placeholder={i18n._("e.g. How was the venue?")}
                  onChange={(e) => setLabel(q.key, e.target.value)}
                  className="block w-full min-w-0 rounded-lg border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none disabled:bg-slate-100"
                />
                {!frozen && (
                  <Button
                    variant="ghost"
                    className="shrink-0 px-2"
                    aria-label={i18n._("Remove rating question {number}", { number: index + 1 })}
                    onClick={() => remove(q.key)}
                  >
                    ✕
                  </Button>
                )}
              </li>
            ))}
          </ol>
          {!frozen && questions.length < FEEDBACK_RATING_FIELDS_MAX && (
            <Button data-add-question variant="secondary" onClick={add}>
              {i18n._("Add rating question")}
            </Button>
          )}
        </fieldset>

        <TextField
          label={i18n._("Open-ended question (optional)")}
          value={openQuestion}
          maxLength={FEEDBACK_LABEL_MAX}
          disabled={frozen}
          placeholder={i18n._("e.g. What could we do better?")}
          onChange={(e) => setOpenQuestion(e.target.value)}
        />

        <FormError>{errors.form}</FormError>
        <DialogFooter
          onCancel={onClose}
          busy={saving}
          label={form ? i18n._("Save") : i18n._("Create form")}
          busyLabel={i18n._("Saving...")}
          lockCancel
        />
      </form>
    </Modal>
  );
}
