import { useQuery } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { Link, useLocation } from "react-router-dom";
import { HomeScreenBar } from "@web/components/home-screen-banner/home-screen-banner";
import { RsvpBadge } from "@web/components/rsvp-badge/rsvp-badge";
import { Button } from "@web/components/ui/button";
import { ConfirmDialog } from "@web/components/ui/confirm-dialog";
import { waitsForNetwork } from "@web/components/ui/needs-connection-note";
import { useNeedsConnection } from "@web/hooks/use-needs-connection";
import { errorMessage } from "@web/lib/api-client";
import { authPanel } from "@web/lib/auth-panel";
import { scheduleStatus } from "@web/lib/dates";
import { i18n, useI18n } from "@web/lib/i18n";
import { useCurrentUser } from "@web/lib/session";
import type { ExperienceDetail } from "@worker/features/experiences/experiences.schema";
import { selfRsvpQueryOptions } from "./api/get-self-rsvp";
import { useRespond, type RsvpAnswer } from "./api/respond";
import type { JoinedState } from "./joined-state";
import { CANT_GO_CONSEQUENCE, FULL_JOIN, joinsWaitlist, LEAVE_WAITLIST, rsvpChoices, waitlistLine, type RsvpChoices } from "./rsvp-choices";
import { RsvpLoading } from "./rsvp-loading";

type HeaderExperience = Pick<ExperienceDetail, "id" | "rsvpType" | "isOwner" | "isHost" | "startTime" | "endTime" | "full">;

/**
 * The row under the event's header on every tab (spec 2 §4): Join and Decline, or the caller's RSVP badge
 * with 'Can't go' or 'Going' to change it, or for owner and hosts the link between the view and manage
 * pages. Its height is fixed, so nothing below it moves when the RSVP arrives or changes.
 */
export function RsvpHeader({ event, manage }: { event: HeaderExperience; manage: boolean }) {
  const i18n = useI18n();
  const signedIn = useCurrentUser() !== null;
  // Also when the guest arrives having just joined elsewhere (the share page's Join, an invitation's card on Home).
  const justJoined = (useLocation().state as JoinedState | null)?.justJoined === true;
  const [homeScreenBar, setHomeScreenBar] = useState(justJoined);
  let row: ReactNode;
  if (event.isOwner || event.isHost) row = <OrganiserRow event={event} manage={manage} />;
  else if (signedIn) row = <GuestRow event={event} onAnswered={() => setHomeScreenBar(true)} />;
  else row = <SignInRow />;
  return (
    <section
      aria-label={i18n._("Your RSVP")}
      className="mb-4 flex h-14 items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white px-4 shadow-sm"
    >
      {row}
      {homeScreenBar && <HomeScreenBar onClose={() => setHomeScreenBar(false)} />}
    </section>
  );
}

// Two lines at most, so the row keeps its height on a 360 px phone.
const TEXT = "min-w-0 line-clamp-2 text-sm leading-snug text-slate-700";
const SMALL = "px-3 py-1.5";

function OrganiserRow({ event, manage }: { event: HeaderExperience; manage: boolean }) {
  const i18n = useI18n();
  const to = manage
    ? `/experiences/${event.id}/itinerary`
    : `/manage/experiences/${scheduleStatus(event.startTime, event.endTime)}/${event.id}/itinerary`;
  return (
    <>
      <p className={TEXT}>{event.isOwner ? i18n._("You own this experience") : i18n._("You host this experience")}</p>
      <Link
        to={to}
        className="inline-flex shrink-0 items-center rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 max-sm:min-h-11"
      >
        {manage ? i18n._("View") : i18n._("Manage")}
      </Link>
    </>
  );
}

function SignInRow() {
  const i18n = useI18n();
  return (
    <>
      <p className={TEXT}>{i18n._("Sign in to join this experience")}</p>
      <Button className={SMALL} onClick={() => authPanel.open("login")}>
        {i18n._("Sign in")}
      </Button>
    </>
  );
}

// Run as the row renders, so their words are the page's language of the moment.
const PROMPT: Record<RsvpChoices["prompt"], (event: HeaderExperience, waitlistPosition: number | null) => string> = {
  invited: () => i18n._("You're invited to this experience"),
  open: (event) => (event.rsvpType === "OPEN" ? i18n._("Join this experience?") : i18n._("Ask to join; hosts approve")),
  inviteOnly: () => i18n._("This experience is by invitation only"),
  status: () => i18n._("Your RSVP"),
  declined: (event) => (event.rsvpType === "OPEN" ? i18n._("Your RSVP") : i18n._("Going again needs a host's approval")),
  waitlist: (_, position) => waitlistLine(position),
};

/** Labels of the answers: a first answer joins or declines; a later one changes what was said. */
const FIRST = { YES: /*i18n*/ "Join", NO: /*i18n*/ "Decline" } as const;
const CHANGE = { YES: /*i18n*/ "Going", NO: /*i18n*/ "Can't go" } as const;
const WAITING = { YES: /*i18n*/ "Going", NO: /*i18n*/ "Leave waitlist" } as const;

function GuestRow({ event, onAnswered }: { event: HeaderExperience; onAnswered: () => void }) {
  const i18n = useI18n();
  const self = useQuery(selfRsvpQueryOptions(event.id));
  const respond = useRespond(event.id);
  const network = useNeedsConnection();
  const [confirming, setConfirming] = useState(false);

  if (waitsForNetwork(self)) return <p className="text-sm text-slate-600">{i18n._("Your answer shows once you are back online")}</p>;
  if (self.isPending) return <RsvpLoading className="h-4 w-48 max-w-full animate-pulse rounded bg-slate-200" />;
  if (self.isError)
    return (
      <>
        <p className={TEXT}>{errorMessage(self.error)}</p>
        <Button variant="secondary" className={SMALL} onClick={() => void self.refetch()}>
          {i18n._("Try again")}
        </Button>
      </>
    );

  const choices = rsvpChoices(event.rsvpType, self.data.rsvp?.status ?? null);
  const answer = (status: RsvpAnswer) => new Promise<void>((settled) => respond.mutate(status, { onSettled: () => settled(onAnswered()) }));
  const waiting = choices.prompt === "waitlist";
  const changing = choices.prompt === "status" || choices.prompt === "declined" || waiting;
  const labels = waiting ? WAITING : changing ? CHANGE : FIRST;
  // Saying no to an answered yes (or leaving the waitlist) loses the guest's place, so it is asked first; the dialog shows
  // progress until it settles.
  const choose = (status: RsvpAnswer) => (changing && status === "NO" ? setConfirming(true) : void answer(status));
  const leaving = waiting
    ? { title: i18n._(LEAVE_WAITLIST.title), message: i18n._(LEAVE_WAITLIST.message), confirmLabel: i18n._(LEAVE_WAITLIST.confirmLabel) }
    : { title: i18n._("Can't go?"), message: i18n._(CANT_GO_CONSEQUENCE[event.rsvpType]), confirmLabel: i18n._("Can't go") };
  return (
    <>
      <p className={TEXT}>{PROMPT[choices.prompt](event, self.data.rsvp?.waitlistPosition ?? null)}</p>
      <div className="flex shrink-0 items-center gap-2">
        {choices.badge && <RsvpBadge status={choices.badge} />}
        {(["NO", "YES"] as const)
          .filter((status) => choices.answers.includes(status))
          .map((status) => (
            <Button
              // A change of answer is one button, so focus stays on it when 'Can't go' turns into 'Going'.
              key={changing ? "change" : status}
              variant={status === "NO" ? "secondary" : "primary"}
              className={SMALL}
              disabled={respond.isPending}
              aria-busy={respond.isPending}
              onClick={() => choose(status)}
              {...network.props}
            >
              {status === "YES" && joinsWaitlist(event.full, event.rsvpType, choices.prompt) ? i18n._(FULL_JOIN) : i18n._(labels[status])}
            </Button>
          ))}
        {network.reason}
      </div>
      {confirming && (
        <ConfirmDialog
          title={leaving.title}
          message={leaving.message}
          confirmLabel={leaving.confirmLabel}
          onConfirm={async () => {
            await answer("NO");
            setConfirming(false);
          }}
          onClose={() => setConfirming(false)}
        />
      )}
    </>
  );
}
