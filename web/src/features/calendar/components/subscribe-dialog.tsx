import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@web/components/ui/button";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { Modal } from "@web/components/ui/modal";
import { errorMessage } from "@web/lib/api-client";
import { copyLink } from "@web/lib/copy-link";
import { useI18n } from "@web/lib/i18n";
import { Trans } from "@web/lib/trans";
import { calendarFeedQueryOptions } from "../api/get-calendar-feed";
import { useRotateCalendarFeed } from "../api/rotate-calendar-feed";

export const RESET_WARNING =
  /*i18n*/ "The old link stops working at once: calendars subscribed to it stop updating until you subscribe again with the new link.";

/**
 * 'Subscribe to calendar': the person's private feed (every experience they attend or host), as a webcal:// link that
 * opens their calendar app, the https URL to copy, how Google, Apple and Outlook take it, and 'Reset the link'.
 */
export function SubscribeDialog({ onClose }: { onClose: () => void }) {
  const i18n = useI18n();
  const { data: feed, error, refetch } = useQuery(calendarFeedQueryOptions());
  const rotate = useRotateCalendarFeed();
  const [confirming, setConfirming] = useState(false);

  return (
    <Modal title={i18n._("Subscribe to calendar")} onClose={onClose}>
      <div className="space-y-5 text-sm text-slate-700">
        <p>
          {i18n._(
            "Your calendar app shows every experience you attend or host, with its activities, and keeps them current. The link is private: anyone who has it can see them.",
          )}
        </p>
        {feed ? (
          <>
            <a
              href={feed.webcalUrl}
              className="flex min-h-11 w-full items-center justify-center rounded-lg bg-brand-600 px-4 font-semibold text-white hover:bg-brand-700"
            >
              {i18n._("Open in your calendar app")}
            </a>
            <div className="flex items-center gap-2 rounded-lg border border-slate-300 bg-slate-50 p-1 ps-3">
              <input
                readOnly
                value={feed.url}
                aria-label={i18n._("Calendar link")}
                className="min-w-0 flex-1 bg-transparent text-sm text-slate-700 outline-none"
                onFocus={(e) => e.target.select()}
              />
              <Button onClick={() => void copyLink(feed.url, i18n._("Select it and copy it by hand."))}>{i18n._("Copy link")}</Button>
            </div>
          </>
        ) : error ? (
          <div role="alert" className="space-y-2">
            <p>{errorMessage(error, i18n._("Could not load your calendar link."))}</p>
            <Button variant="secondary" onClick={() => void refetch()}>
              {i18n._("Try again")}
            </Button>
          </div>
        ) : (
          // The link's room is kept while it loads, so nothing below it moves.
          <p className="flex min-h-[6.25rem] items-center justify-center text-slate-500" aria-live="polite">
            {i18n._("Loading...")}
          </p>
        )}
        <ul className="list-disc space-y-2 ps-5">
          <li>
            <Trans
              id="<0>Google Calendar</0> (on a computer): Other calendars → + → From URL, paste the link, then Add calendar."
              components={{ 0: <strong /> }}
            />
          </li>
          <li>
            <Trans
              id="<0>Apple Calendar</0>: Open in your calendar app. On a Mac you can also choose File → New Calendar Subscription and paste the link."
              components={{ 0: <strong /> }}
            />
          </li>
          <li>
            <Trans id="<0>Outlook</0>: Add calendar → Subscribe from web, paste the link, then Import." components={{ 0: <strong /> }} />
          </li>
        </ul>
        <p className="text-slate-500">{i18n._("Calendar apps check for changes every hour or so; Google Calendar can take longer.")}</p>
        <div className="border-t border-slate-100 pt-4">
          <Button variant="secondary" disabled={!feed || rotate.isPending} onClick={() => setConfirming(true)}>
            {i18n._("Reset the link")}
          </Button>
        </div>
      </div>
      {confirming && (
        <ConfirmDialog
          title={i18n._("Reset the link?")}
          message={i18n._(RESET_WARNING)}
          confirmLabel={i18n._("Reset the link")}
          onConfirm={async () => {
            await rotate.mutateAsync().catch(() => undefined);
            setConfirming(false);
          }}
          onClose={() => setConfirming(false)}
        />
      )}
    </Modal>
  );
}
