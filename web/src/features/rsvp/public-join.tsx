import { useQuery } from "@tanstack/react-query";
import { useEffect, type ReactNode } from "react";
import { Link } from "react-router-dom";
import { RsvpBadge } from "@web/components/rsvp-badge/rsvp-badge";
import { Button } from "@web/components/ui/button";
import { errorMessage } from "@web/lib/api-client";
import { authPanel } from "@web/lib/auth-panel";
import { useCurrentUser } from "@web/lib/session";
import type { PublicItinerary } from "@worker/shared/itinerary.schema";
import { selfRsvpQueryOptions } from "./api/get-self-rsvp";
import { useRespond } from "./api/respond";
import { FULL_JOIN, joinsWaitlist, rsvpChoices, waitlistLine } from "./rsvp-choices";
import { RsvpLoading } from "./rsvp-loading";

type JoinableExperience = Pick<PublicItinerary, "id" | "rsvpType" | "owner" | "hosts" | "full">;

/** The intent the auth panel carries for a visitor who pressed Join before signing in. */
export const joinIntent = (eventId: string) => `join:${eventId}`;

const JOIN_LABEL: Record<JoinableExperience["rsvpType"], string> = { OPEN: "Join", OPEN_INVITE: "Request to join", INVITE_ONLY: "Join" };
const HINT: Record<JoinableExperience["rsvpType"], string> = {
  OPEN: "Anyone with the link can join",
  OPEN_INVITE: "The hosts approve each request",
  INVITE_ONLY: "Invite only — ask a host for an invitation",
};

/**
 * Join or Request to join on the share link's page, as the experience's rsvpType allows. A signed-out visitor signs in
 * or registers first and comes back to the same page, where the join completes; once in, the experience opens.
 */
export function PublicJoin({ experience }: { experience: JoinableExperience }) {
  const user = useCurrentUser();
  const role = !user
    ? null
    : experience.owner.guid === user.guid
      ? "own"
      : experience.hosts.some((host) => host.guid === user.guid)
        ? "host"
        : null;
  return (
    // Polite: the answer to Join replaces the button, and a screen reader hears what it became.
    <div aria-live="polite" className="min-w-0">
      {!user ? (
        <SignedOutJoin experience={experience} />
      ) : role ? (
        <OrganiserJoin experience={experience} role={role} />
      ) : (
        <GuestJoin experience={experience} />
      )}
    </div>
  );
}

function Row({ text, children }: { text: ReactNode; children?: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-2">
      {children}
      <p className="text-sm text-slate-600">{text}</p>
    </div>
  );
}

const openLink = (eventId: string) => (
  <Link
    to={`/experiences/${encodeURIComponent(eventId)}`}
    className="inline-flex min-h-11 items-center rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
  >
    Open experience
  </Link>
);

function SignedOutJoin({ experience }: { experience: JoinableExperience }) {
  if (experience.rsvpType === "INVITE_ONLY") return <Row text={HINT.INVITE_ONLY} />;
  return (
    <Row text={HINT[experience.rsvpType]}>
      <Button className="min-h-11" onClick={() => authPanel.open("login", joinIntent(experience.id))}>
        {joinsWaitlist(experience.full, experience.rsvpType, "open") ? FULL_JOIN : JOIN_LABEL[experience.rsvpType]}
      </Button>
    </Row>
  );
}

function OrganiserJoin({ experience, role }: { experience: JoinableExperience; role: "own" | "host" }) {
  // Someone who pressed Join and turned out to organise it has nothing to join.
  useEffect(() => void authPanel.takeIntent(joinIntent(experience.id)), [experience.id]);
  return <Row text={role === "own" ? "You own this experience" : "You host this experience"}>{openLink(experience.id)}</Row>;
}

function GuestJoin({ experience }: { experience: JoinableExperience }) {
  const self = useQuery(selfRsvpQueryOptions(experience.id));
  const respond = useRespond(experience.id);
  const status = self.data?.rsvp?.status ?? null;
  const choices = rsvpChoices(experience.rsvpType, status);
  const canJoin = choices.answers.includes("YES");
  const { mutate } = respond;

  // Back from signing in for this page's Join: the answer is sent once the current RSVP says it may be.
  useEffect(() => {
    if (!self.isSuccess) return;
    if (authPanel.takeIntent(joinIntent(experience.id)) && canJoin) mutate("YES");
  }, [self.isSuccess, canJoin, experience.id, mutate]);

  if (self.isPending || respond.isPending) return <RsvpLoading className="h-11 w-48 max-w-full animate-pulse rounded-lg bg-slate-200" />;
  if (self.isError)
    return (
      <Row text={errorMessage(self.error)}>
        <Button variant="secondary" className="min-h-11" onClick={() => void self.refetch()}>
          Try again
        </Button>
      </Row>
    );
  if (status === "YES") return <Row text="You're going">{openLink(experience.id)}</Row>;
  if (status === "WAITLISTED") return <Row text={waitlistLine(self.data?.rsvp?.waitlistPosition)}>{<RsvpBadge status={status} />}</Row>;
  if (status === "HOST_APPROVAL_REQUESTED") return <Row text="Request sent — a host will approve it">{<RsvpBadge status={status} />}</Row>;
  if (!canJoin)
    return <Row text={choices.prompt === "inviteOnly" ? HINT.INVITE_ONLY : choices.badge && <RsvpBadge status={choices.badge} />} />;

  const invited = choices.prompt === "invited";
  return (
    <Row text={invited ? "You're invited to this experience" : HINT[experience.rsvpType]}>
      <Button className="min-h-11" onClick={() => mutate("YES")}>
        {joinsWaitlist(experience.full, experience.rsvpType, choices.prompt)
          ? FULL_JOIN
          : invited
            ? "Join"
            : JOIN_LABEL[experience.rsvpType]}
      </Button>
    </Row>
  );
}
