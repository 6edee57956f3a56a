import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Link } from "react-router-dom";
import { BadLink, CheckingLink, MailLinkPage } from "@web/components/mail-link-page/mail-link-page";
import { Button } from "@web/components/ui/button";
import { FormError } from "@web/components/ui/field";
import { UserText } from "@web/components/ui/user-text";
import { errorMessage } from "@web/lib/api-client";
import { useI18n } from "@web/lib/i18n";
import { Trans } from "@web/lib/trans";
import { NOTIFICATION_MESSAGES } from "@worker/features/notifications/notifications.schema";
import { notificationLinkQueryOptions, useChooseNotificationLink } from "./api/notification-link";

/**
 * Where a notification e-mail's 'Stop these e-mails' link leads (no sign-in: the signed link names the person and the
 * kind). The page stops that kind of e-mail once it has loaded in a browser (a mail scanner's plain fetch of the link
 * changes nothing); a button takes them back, and a link leads to every switch.
 */
export function NotificationLinkPage() {
  const i18n = useI18n();
  return (
    <MailLinkPage title={i18n._("Notification e-mails")} badLink={i18n._(NOTIFICATION_MESSAGES.badLink)}>
      {(token) => <Stop token={token} />}
    </MailLinkPage>
  );
}

function Stop({ token }: { token: string }) {
  const i18n = useI18n();
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
  return (
    <div className="mt-4 space-y-5">
      <p className="text-sm text-slate-600">
        <Trans id="For <0>{email}</0>" values={{ email }} components={{ 0: <UserText className="font-medium text-slate-900" /> }} />
      </p>
      <p role="status" className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
        {enabled
          ? i18n._(
              "{kind, select, itinerary {You will get e-mails about itinerary changes again.} bulletins {You will get e-mails about bulletins again.} requests {You will get e-mails about requests and approvals again.} comments {You will get e-mails about comments on your posts again.} other {You will get these e-mails again.}}",
              { kind },
            )
          : i18n._(
              "{kind, select, itinerary {You will no longer get e-mails about itinerary changes.} bulletins {You will no longer get e-mails about bulletins.} requests {You will no longer get e-mails about requests and approvals.} comments {You will no longer get e-mails about comments on your posts.} other {You will no longer get these e-mails.}}",
              { kind },
            )}
      </p>
      {choose.error && <FormError>{errorMessage(choose.error)}</FormError>}
      <div className="flex flex-wrap items-center gap-4">
        <Button variant={enabled ? "secondary" : "primary"} disabled={choose.isPending} onClick={() => choose.mutate(!enabled)}>
          {enabled ? i18n._("Stop these e-mails") : i18n._("Get these e-mails again")}
        </Button>
        <Link to="/profile/notifications" className="text-sm font-semibold text-brand-700 underline">
          {i18n._("All notification settings")}
        </Link>
      </div>
    </div>
  );
}
