import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { BadLink, CheckingLink, MailLinkPage } from "@web/components/mail-link-page/mail-link-page";
import { FormError } from "@web/components/ui/field";
import { UserText } from "@web/components/ui/user-text";
import { errorMessage } from "@web/lib/api-client";
import { useI18n } from "@web/lib/i18n";
import { Trans } from "@web/lib/trans";
import type { UnsubscribeStatus } from "@worker/features/unsubscribe/unsubscribe.schema";
import { UNSUBSCRIBE_MESSAGES } from "@worker/features/unsubscribe/unsubscribe.schema";
import { invitationChoiceQueryOptions, useChooseInvitations } from "./api/invitation-choice";

/**
 * Where an invitation's 'Unsubscribe from these invitations' link leads: no sign-in, the signed link names the address
 * and the experience. Opening it changes nothing (mail scanners open links); each box saves as it is ticked, and can
 * be unticked to receive invitations again. Mail clients' own unsubscribe button does the first box in one click.
 */
export function UnsubscribePage() {
  const i18n = useI18n();
  return (
    <MailLinkPage title={i18n._("Invitation e-mails")} badLink={i18n._(UNSUBSCRIBE_MESSAGES.badLink)}>
      {(token) => <Choices token={token} />}
    </MailLinkPage>
  );
}

/** One sentence for where the address stands, read out when it changes. */
function Summary({ experience, everyone, experienceName }: UnsubscribeStatus) {
  const i18n = useI18n();
  if (everyone) return i18n._("You will get no invitations or reminders from anyone on Experiences.");
  if (experience && experienceName)
    return (
      <Trans
        id="You will get no more invitations or reminders for “<0>{experienceName}</0>”."
        values={{ experienceName }}
        components={{ 0: <UserText /> }}
      />
    );
  if (experience) return i18n._("You will get no more invitations or reminders for this experience.");
  return i18n._("You receive invitations and reminders from hosts who invite this address.");
}

function Choices({ token }: { token: string }) {
  const i18n = useI18n();
  const status = useQuery(invitationChoiceQueryOptions(token));
  const { shown, choose, error } = useChooseInvitations(token);

  if (status.isPending) return <CheckingLink />;
  if (status.isError) return <BadLink message={errorMessage(status.error)} />;

  const current = { ...status.data, ...shown };
  const set = (change: Partial<Pick<UnsubscribeStatus, "experience" | "everyone">>) =>
    choose({ experience: current.experience, everyone: current.everyone, ...change });
  const experienceLabel = current.experienceName ? (
    <Trans
      id="Stop invitations and reminders for “<0>{experienceName}</0>”"
      values={{ experienceName: current.experienceName }}
      components={{ 0: <UserText /> }}
    />
  ) : (
    i18n._("Stop invitations and reminders for this experience (it has since been deleted)")
  );

  return (
    <div className="mt-4 space-y-5">
      <p className="text-sm text-slate-600">
        <Trans
          id="For <0>{email}</0>"
          values={{ email: current.email }}
          components={{ 0: <UserText className="font-medium text-slate-900" /> }}
        />
      </p>
      <fieldset className="space-y-3">
        <legend className="sr-only">{i18n._("What this address receives")}</legend>
        <Choice checked={current.experience} onChange={(experience) => set({ experience })}>
          {experienceLabel}
        </Choice>
        <Choice checked={current.everyone} onChange={(everyone) => set({ everyone })}>
          {i18n._("Stop invitations from everyone on Experiences")}
        </Choice>
      </fieldset>
      <p role="status" className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
        <Summary {...current} />
      </p>
      {error && <FormError>{errorMessage(error)}</FormError>}
      <p className="text-xs text-slate-500">{i18n._("Sign-in codes and password resets you ask for are always sent.")}</p>
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
