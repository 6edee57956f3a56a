import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Modal } from "@web/components/ui/modal";
import { UserText } from "@web/components/ui/user-text";
import { useI18n } from "@web/lib/i18n";
import type { ExperienceDetail } from "@worker/features/experiences/experiences.schema";
import { activeFormQueryOptions } from "./api/get-active-form";
import { AnswerForm, ThankYou } from "./components/answer-form";

type GuestFeedbackExperience = Pick<ExperienceDetail, "id" | "isOwner" | "isHost" | "isGuest">;

/**
 * A guest's way to the published feedback form, at the end of the event page's tab bar: the bar's height is
 * fixed, so the button appearing once the form is read moves nothing on the page. It opens the form in a
 * dialog; once answered (now or before), the dialog thanks them instead. Owners and hosts do not answer: on the
 * view route, their preview of the guests' page shows the same button and the same form, read-only; in manage
 * mode the Feedback tab is theirs instead.
 */
export function GuestFeedback({ event, manage }: { event: GuestFeedbackExperience; manage: boolean }) {
  const i18n = useI18n();
  const organiser = event.isOwner || event.isHost;
  const guest = event.isGuest && !organiser && !manage;
  const preview = organiser && !manage;
  const { data: active } = useQuery({ ...activeFormQueryOptions(event.id), enabled: guest || preview });
  const [open, setOpen] = useState(false);

  const form = active?.form;
  // An organiser is never `canAnswer` (nor `answered`): the preview shows whatever form guests are offered.
  if (!form || !(preview || (guest && (active.canAnswer || active.answered)))) return null;
  const answered = !preview && active.answered;

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        // The tab bar is narrow on a phone, where the button's words are fewer: its name is the same everywhere.
        aria-label={answered ? i18n._("Feedback sent") : i18n._("Give feedback")}
        className="my-1 inline-flex shrink-0 items-center gap-1.5 rounded-full bg-brand-50 px-3 py-1.5 text-sm font-medium whitespace-nowrap text-brand-700 ring-1 ring-brand-200 ring-inset hover:bg-brand-100"
      >
        {answered ? (
          <>
            <span aria-hidden>✓</span> <span className="hidden sm:inline">{i18n._("Feedback sent")}</span>
            <span className="sm:hidden">{i18n._("Feedback")}</span>
          </>
        ) : (
          <>
            <span aria-hidden className="size-2 rounded-full bg-brand-600" />{" "}
            <span className="hidden sm:inline">{i18n._("Give feedback")}</span>
            <span className="sm:hidden">{i18n._("Feedback")}</span>
          </>
        )}
      </button>
      {open && (
        <Modal title={<UserText>{form.title}</UserText>} onClose={() => setOpen(false)}>
          {answered ? <ThankYou title={form.title} /> : <AnswerForm form={form} preview={preview} />}
        </Modal>
      )}
    </>
  );
}
