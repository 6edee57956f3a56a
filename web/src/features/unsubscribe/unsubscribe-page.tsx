import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { BadLink, CheckingLink, MailLinkPage } from "@web/components/mail-link-page/mail-link-page";
import { FormError } from "@web/components/ui/field";
import { UserText } from "@web/components/ui/user-text";
import { errorMessage } from "@web/lib/api-client";
import type { UnsubscribeStatus } from "@worker/features/unsubscribe/unsubscribe.schema";
import { UNSUBSCRIBE_MESSAGES } from "@worker/features/unsubscribe/unsubscribe.schema";
import { invitationChoiceQueryOptions, useChooseInvitations } from "./api/invitation-choice";

/**
 * Where an invitation's 'Unsubscribe from these invitations' link leads: no sign-in, the signed link names the address
 * and the experience. Opening it changes nothing (mail scanners open links); each box saves as it is ticked, and can
 * be unticked to receive invitations again. Mail clients' own unsubscribe button does the first box in one click.
 */
export function UnsubscribePage() {
  return (
    <MailLinkPage title="Invitation e-mails" badLink={UNSUBSCRIBE_MESSAGES.badLink}>
      {(token) => <Choices token={token} />}
    </MailLinkPage>
  );
}

/** One sentence for where the address stands, read out when it changes. */
function summary({ experience, everyone, experienceName }: UnsubscribeStatus) {
  if (everyone) return "You will get no invitations or reminders from anyone on Experiences.";
  if (experience && experienceName)
    return <>You will get no more invitations or reminders for “{<UserText>{experienceName}</UserText>}”.</>;
  if (experience) return "You will get no more invitations or reminders for this experience.";
  return "You receive invitations and reminders from hosts who invite this address.";
}

function Choices({ token }: { token: string }) {
  const status = useQuery(invitationChoiceQueryOptions(token));
  const { shown, choose, error } = useChooseInvitations(token);

  if (status.isPending) return <CheckingLink />;
  if (status.isError) return <BadLink message={errorMessage(status.error)} />;

  const current = { ...status.data, ...shown };
  const set = (change: Partial<Pick<UnsubscribeStatus, "experience" | "everyone">>) =>
    choose({ experience: current.experience, everyone: current.everyone, ...change });
  const experienceLabel = current.experienceName ? (
    <>
      Stop invitations and reminders for “<UserText>{current.experienceName}</UserText>”
    </>
  ) : (
    "Stop invitations and reminders for this experience (it has since been deleted)"
  );

  return (
    <div className="mt-4 space-y-5">
      <p className="text-sm text-slate-600">
        For <UserText className="font-medium text-slate-900">{current.email}</UserText>
      </p>
      <fieldset className="space-y-3">
        <legend className="sr-only">What this address receives</legend>
        <Choice checked={current.experience} onChange={(experience) => set({ experience })}>
          {experienceLabel}
        </Choice>
        <Choice checked={current.everyone} onChange={(everyone) => set({ everyone })}>
          Stop invitations from everyone on Experiences
        </Choice>
      </fieldset>
      <p role="status" className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
        {summary(current)}
      </p>
      {error && <FormError>{errorMessage(error)}</FormError>}
      <p className="text-xs text-slate-500">Sign-in codes and password resets you ask for are always sent.</p>
    </div>
  );
}

function Choice({ checked, onChange, children }: { checked: boolean; onChange: (checked: boolean) => void; children: ReactNode }) {
  return (
    <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-slate-200 px-3 py-3 text-sm text-slate-800 hover:bg-slate-50 has-[:checked]:border-brand-300 has-[:checked]:bg-brand-50">
      <input
        type="checkbox"
        className="mt-0.5 size-4 shrink-0 accent-brand-600"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span>{children}</span>
    </label>
  );
}
