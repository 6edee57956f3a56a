import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Link } from "react-router-dom";
import { BadLink, CheckingLink, MailLinkPage } from "@web/components/mail-link-page/mail-link-page";
import { Button } from "@web/components/ui/button";
import { FormError } from "@web/components/ui/field";
import { UserText } from "@web/components/ui/user-text";
import { errorMessage } from "@web/lib/api-client";
import { NOTIFICATION_MESSAGES, NOTIFY_KIND_LABELS } from "@worker/features/notifications/notifications.schema";
import { notificationLinkQueryOptions, useChooseNotificationLink } from "./api/notification-link";

/**
 * Where a notification e-mail's 'Stop these e-mails' link leads (no sign-in: the signed link names the person and the
 * kind). The page stops that kind of e-mail once it has loaded in a browser (a mail scanner's plain fetch of the link
 * changes nothing); a button takes them back, and a link leads to every switch.
 */
export function NotificationLinkPage() {
  return (
    <MailLinkPage title="Notification e-mails" badLink={NOTIFICATION_MESSAGES.badLink}>
      {(token) => <Stop token={token} />}
    </MailLinkPage>
  );
}

function Stop({ token }: { token: string }) {
  const status = useQuery(notificationLinkQueryOptions(token));
  const choose = useChooseNotificationLink(token);
  const stopped = useRef(false);
  const valid = status.isSuccess;

  // Once, when the link proved valid: the link said 'stop'.
  useEffect(() => {
    if (!valid || stopped.current) return;
    stopped.current = true;
    choose.mutate(false);
  }, [valid, choose]);

  if (status.isPending) return <CheckingLink />;
  if (status.isError) return <BadLink message={errorMessage(status.error)} />;

  const { kind, email } = status.data;
  // Shown from the choice on its way (the stop on opening, from the first paint), then from the answer.
  const enabled = choose.isIdle ? false : choose.isPending ? choose.variables : status.data.enabled;
  const label = NOTIFY_KIND_LABELS[kind].toLowerCase();
  return (
    <div className="mt-4 space-y-5">
      <p className="text-sm text-slate-600">
        For <UserText className="font-medium text-slate-900">{email}</UserText>
      </p>
      <p role="status" className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
        {enabled ? `You will get e-mails about ${label} again.` : `You will no longer get e-mails about ${label}.`}
      </p>
      {choose.error && <FormError>{errorMessage(choose.error)}</FormError>}
      <div className="flex flex-wrap items-center gap-4">
        <Button variant={enabled ? "secondary" : "primary"} disabled={choose.isPending} onClick={() => choose.mutate(!enabled)}>
          {enabled ? "Stop these e-mails" : "Get these e-mails again"}
        </Button>
        <Link to="/profile/notifications" className="text-sm font-semibold text-brand-700 underline">
          All notification settings
        </Link>
      </div>
    </div>
  );
}
