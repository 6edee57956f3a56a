import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@web/components/ui/button";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { Spinner } from "@web/components/ui/spinner";
import { useExperienceTab } from "@web/hooks/use-experience-tab";
import { errorMessage } from "@web/lib/api-client";
import { useI18n } from "@web/lib/i18n";
import { FEEDBACK_TOASTS, type ManagedFeedbackForm } from "@worker/features/feedback/feedback.schema";
import { useDeleteForm } from "./api/delete-form";
import { formsQueryOptions } from "./api/get-forms";
import { usePublishForm } from "./api/publish-form";
import { FormEditor } from "./components/form-editor";
import { FormList } from "./components/form-list";
import { FormResults } from "./components/form-results";

type Panel = { kind: "create" } | { kind: "edit" | "results" | "delete"; form: ManagedFeedbackForm } | null;

/** The Feedback tab (owner and hosts, manage mode): the forms, their editor, Publish, Delete and the results. */
export function FeedbackTab() {
  const i18n = useI18n();
  const { event } = useExperienceTab();
  const { data: forms, error, isPending } = useQuery(formsQueryOptions(event.id));
  const publish = usePublishForm(event.id);
  const remove = useDeleteForm(event.id);
  const [panel, setPanel] = useState<Panel>(null);
  const close = () => setPanel(null);

  return (
    <section aria-labelledby="feedback-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="feedback-heading" className="text-lg font-semibold text-slate-900">
            {i18n._("Feedback forms")}
          </h2>
          <p className="text-sm text-slate-600">{i18n._("Guests answer the published form from the experience's page.")}</p>
        </div>
        <Button onClick={() => setPanel({ kind: "create" })}>{i18n._("New form")}</Button>
      </div>

      {isPending ? (
        <div className="grid place-items-center py-12">
          <Spinner label={i18n._("Loading forms")} />
        </div>
      ) : error ? (
        <p role="alert" className="rounded-2xl border border-rose-200 bg-rose-50 p-6 text-center text-sm text-rose-700">
          {errorMessage(error)}
        </p>
      ) : forms.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <p className="font-semibold text-slate-900">{i18n._("No feedback forms yet")}</p>
          <p className="mt-1 text-sm text-slate-600">{i18n._("Create a form, then publish it to ask your guests what they thought.")}</p>
        </div>
      ) : (
        <FormList
          forms={forms}
          publishing={publish.isPending ? (publish.variables ?? null) : null}
          onPublish={(form) => publish.mutate(form.id)}
          onEdit={(form) => setPanel({ kind: "edit", form })}
          onResults={(form) => setPanel({ kind: "results", form })}
          onDelete={(form) => setPanel({ kind: "delete", form })}
        />
      )}

      {panel?.kind === "create" && <FormEditor eventId={event.id} onClose={close} />}
      {panel?.kind === "edit" && <FormEditor eventId={event.id} form={panel.form} onClose={close} />}
      {panel?.kind === "results" && <FormResults eventId={event.id} form={panel.form} onClose={close} />}
      {panel?.kind === "delete" && (
        <ConfirmDialog
          message={i18n._(FEEDBACK_TOASTS.confirmDelete)}
          onConfirm={() => remove.mutateAsync(panel.form.id).then(close, () => {})}
          onClose={close}
        />
      )}
    </section>
  );
}
