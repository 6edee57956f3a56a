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
import { useCurrentUser } from "@web/lib/session";
import type { ExperienceDetail } from "@worker/features/experiences/experiences.schema";
import { RSVP_MESSAGES } from "@worker/features/rsvp/rsvp.schema";
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
      aria-label="Your RSVP"
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
  const to = manage
    ? `/experiences/${event.id}/itinerary`
    : `/manage/experiences/${scheduleStatus(event.startTime, event.endTime)}/${event.id}/itinerary`;
  return (
    <>
      <p className={TEXT}>{event.isOwner ? "You own this experience" : "You host this experience"}</p>
      <Link
        to={to}
        className="inline-flex shrink-0 items-center rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 max-sm:min-h-11"
      >
        {manage ? "View" : "Manage"}
      </Link>
    </>
  );
}

function SignInRow() {
  return (
    <>
      <p className={TEXT}>Sign in to join this experience</p>
      <Button className={SMALL} onClick={() => authPanel.open("login")}>
        Sign in
      </Button>
    </>
  );
}

const PROMPT: Record<RsvpChoices["prompt"], (event: HeaderExperience, waitlistPosition: number | null) => string> = {
  invited: () => "You're invited to this experience",
  open: (event) => (event.rsvpType === "OPEN" ? "Join this experience?" : "Ask to join; hosts approve"),
  inviteOnly: () => RSVP_MESSAGES.inviteOnly,
  status: () => "Your RSVP",
  declined: (event) => (event.rsvpType === "OPEN" ? "Your RSVP" : "Going again needs a host's approval"),
  waitlist: (_, position) => waitlistLine(position),
};

/** Labels of the answers: a first answer joins or declines; a later one changes what was said. */
const FIRST = { YES: "Join", NO: "Decline" } as const;
const CHANGE = { YES: "Going", NO: "Can't go" } as const;
const WAITING = { YES: "Going", NO: "Leave waitlist" } as const;

function GuestRow({ event, onAnswered }: { event: HeaderExperience; onAnswered: () => void }) {
  const self = useQuery(selfRsvpQueryOptions(event.id));
  const respond = useRespond(event.id);
  const network = useNeedsConnection();
  const [confirming, setConfirming] = useState(false);

  if (waitsForNetwork(self)) return <p className="text-sm text-slate-600">Your answer shows once you are back online</p>;
  if (self.isPending) return <RsvpLoading className="h-4 w-48 max-w-full animate-pulse rounded bg-slate-200" />;
  if (self.isError)
    return (
      <>
        <p className={TEXT}>{errorMessage(self.error)}</p>
        <Button variant="secondary" className={SMALL} onClick={() => void self.refetch()}>
          Try again
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
  const leaving = waiting ? LEAVE_WAITLIST : { title: "Can't go?", message: CANT_GO_CONSEQUENCE[event.rsvpType], confirmLabel: "Can't go" };
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
              {status === "YES" && joinsWaitlist(event.full, event.rsvpType, choices.prompt) ? FULL_JOIN : labels[status]}
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
