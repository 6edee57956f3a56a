import { useQuery } from "@tanstack/react-query";
import { useEffect, useState, type ReactNode } from "react";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router-dom";
import { RsvpBadge } from "@web/components/rsvp-badge/rsvp-badge";
import { Button } from "@web/components/ui/button";
import { errorMessage } from "@web/lib/api-client";
import { authPanel } from "@web/lib/auth-panel";
import { useI18n } from "@web/lib/i18n";
import { useCurrentUser } from "@web/lib/session";
import type { PublicItinerary } from "@worker/shared/itinerary.schema";
import { invitationQueryOptions } from "./api/get-invitation";
import { selfRsvpQueryOptions } from "./api/get-self-rsvp";
import { useRespond, type RsvpAnswer } from "./api/respond";
import { joinedState } from "./joined-state";
import { FULL_JOIN, joinsWaitlist, rsvpChoices, waitlistLine } from "./rsvp-choices";
import { RsvpLoading } from "./rsvp-loading";

type JoinableExperience = Pick<PublicItinerary, "id" | "rsvpType" | "owner" | "hosts" | "full">;

/** The intent the auth panel carries for a visitor who pressed Join (or, invited, Decline) before signing in. */
export const joinIntent = (eventId: string) => `join:${eventId}`;
const declineIntent = (eventId: string) => `decline:${eventId}`;
/** The answer a visitor chose before signing in, given back once (authPanel.takeIntent). */
const takeAnswerIntent = (eventId: string): RsvpAnswer | null =>
  authPanel.takeIntent(joinIntent(eventId)) ? "YES" : authPanel.takeIntent(declineIntent(eventId)) ? "NO" : null;

const JOIN_LABEL: Record<JoinableExperience["rsvpType"], string> = {
  OPEN: /*i18n*/ "Join",
  OPEN_INVITE: /*i18n*/ "Request to join",
  INVITE_ONLY: /*i18n*/ "Join",
};
const HINT: Record<JoinableExperience["rsvpType"], string> = {
  OPEN: /*i18n*/ "Anyone with the link can join",
  OPEN_INVITE: /*i18n*/ "The hosts approve each request",
  INVITE_ONLY: /*i18n*/ "Invite only — ask a host for an invitation",
};

/**
 * Join or Request to join on the share link's page, as the experience's rsvpType allows. A signed-out visitor answers
 * with their name and a mailed code (the auth panel's light path) and comes back to the same page, where the answer
 * completes; once in, the experience opens. An invitation mail's link (`?invitation=`) fills in the invited address and
 * offers Join and Decline even on an invitation-only experience; signed in already, it leads on to the experience's page.
 */
export function PublicJoin({ experience }: { experience: JoinableExperience }) {
  const user = useCurrentUser();
  const [params] = useSearchParams();
  const invitation = params.get("invitation");
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
        invitation ? (
          <InvitedJoin experience={experience} token={invitation} />
        ) : (
          <SignedOutJoin experience={experience} />
        )
      ) : role ? (
        <OrganiserJoin experience={experience} role={role} />
      ) : (
        <GuestJoin experience={experience} fromInvitation={invitation !== null} />
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

function OpenLink({ eventId }: { eventId: string }) {
  const i18n = useI18n();
  return (
    <Link
      to={`/experiences/${encodeURIComponent(eventId)}`}
      className="inline-flex min-h-11 items-center rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
    >
      {i18n._("Open experience")}
    </Link>
  );
}

function SignedOutJoin({ experience }: { experience: JoinableExperience }) {
  const i18n = useI18n();
  if (experience.rsvpType === "INVITE_ONLY") return <Row text={i18n._(HINT.INVITE_ONLY)} />;
  return (
    <Row text={i18n._(HINT[experience.rsvpType])}>
      <Button className="min-h-11" onClick={() => authPanel.open("code", joinIntent(experience.id), { askName: true })}>
        {i18n._(joinsWaitlist(experience.full, experience.rsvpType, "open") ? FULL_JOIN : JOIN_LABEL[experience.rsvpType])}
      </Button>
    </Row>
  );
}

/** A signed-out guest who opened their invitation mail's link: Join or Decline, with their address filled in. */
function InvitedJoin({ experience, token }: { experience: JoinableExperience; token: string }) {
  const i18n = useI18n();
  const invitation = useQuery(invitationQueryOptions(token));
  if (invitation.isPending) return <RsvpLoading className="h-11 w-48 max-w-full animate-pulse rounded-lg bg-slate-200" />;
  // A link that is not (or no longer) an invitation: the page's ordinary Join.
  if (invitation.isError || invitation.data.eventId !== experience.id) return <SignedOutJoin experience={experience} />;
  const { email, firstName, lastName, pending } = invitation.data;
  const answer = (intent: string) => authPanel.open("code", intent, { email, firstName, lastName, askName: true });
  if (!pending)
    return (
      <Row text={i18n._("You have answered this invitation. Sign in to see it.")}>
        <Button className="min-h-11" onClick={() => authPanel.open("code", undefined, { email })}>
          {i18n._("Sign in")}
        </Button>
      </Row>
    );
  return (
    <Row text={i18n._("You're invited to this experience")}>
      <Button className="min-h-11" onClick={() => answer(joinIntent(experience.id))}>
        {joinsWaitlist(experience.full, experience.rsvpType, "invited") ? i18n._(FULL_JOIN) : i18n._("Join")}
      </Button>
      <Button variant="secondary" className="min-h-11" onClick={() => answer(declineIntent(experience.id))}>
        {i18n._("Decline")}
      </Button>
    </Row>
  );
}

function OrganiserJoin({ experience, role }: { experience: JoinableExperience; role: "own" | "host" }) {
  // Someone who pressed Join and turned out to organise it has nothing to join.
  const i18n = useI18n();
  useEffect(() => void authPanel.takeIntent(joinIntent(experience.id)), [experience.id]);
  return (
    <Row text={role === "own" ? i18n._("You own this experience") : i18n._("You host this experience")}>
      <OpenLink eventId={experience.id} />
    </Row>
  );
}

function GuestJoin({ experience, fromInvitation }: { experience: JoinableExperience; fromInvitation: boolean }) {
  const i18n = useI18n();
  const self = useQuery(selfRsvpQueryOptions(experience.id));
  const respond = useRespond(experience.id);
  const navigate = useNavigate();
  const status = self.data?.rsvp?.status ?? null;
  const choices = rsvpChoices(experience.rsvpType, status);
  const canJoin = choices.answers.includes("YES");
  const { mutate } = respond;
  // Taken once, as the page opens signed in: the answer chosen before signing in, if any.
  const [intent] = useState(() => takeAnswerIntent(experience.id));

  // Back from signing in for this page's Join or Decline: the answer is sent once the current RSVP says it may be, and
  // a guest who is now going is taken to the experience.
  useEffect(() => {
    if (!self.isSuccess || !intent || !choices.answers.includes(intent)) return;
    mutate(intent, {
      onSuccess: (rsvp) => {
        if (rsvp.status === "YES") void navigate(`/experiences/${encodeURIComponent(experience.id)}`, { state: joinedState });
      },
    });
    // Once: the answer is sent when the RSVP is first known.
  }, [self.isSuccess]);

  // Signed in already when the invitation's link was opened: it leads on to the experience's page, as it always did.
  if (fromInvitation && !intent) return <Navigate to={`/experiences/${encodeURIComponent(experience.id)}`} replace />;

  if (self.isPending || respond.isPending) return <RsvpLoading className="h-11 w-48 max-w-full animate-pulse rounded-lg bg-slate-200" />;
  if (self.isError)
    return (
      <Row text={errorMessage(self.error)}>
        <Button variant="secondary" className="min-h-11" onClick={() => void self.refetch()}>
          {i18n._("Try again")}
        </Button>
      </Row>
    );
  if (status === "YES")
    return (
      <Row text={i18n._("You're going")}>
        <OpenLink eventId={experience.id} />
      </Row>
    );
  if (status === "WAITLISTED") return <Row text={waitlistLine(self.data?.rsvp?.waitlistPosition)}>{<RsvpBadge status={status} />}</Row>;
  if (status === "HOST_APPROVAL_REQUESTED")
    return <Row text={i18n._("Request sent — a host will approve it")}>{<RsvpBadge status={status} />}</Row>;
  if (!canJoin)
    return (
      <Row text={choices.prompt === "inviteOnly" ? i18n._(HINT.INVITE_ONLY) : choices.badge && <RsvpBadge status={choices.badge} />} />
    );

  const invited = choices.prompt === "invited";
  return (
    <Row text={invited ? i18n._("You're invited to this experience") : i18n._(HINT[experience.rsvpType])}>
      <Button className="min-h-11" onClick={() => mutate("YES")}>
        {i18n._(
          joinsWaitlist(experience.full, experience.rsvpType, choices.prompt)
            ? FULL_JOIN
            : invited
              ? /*i18n*/ "Join"
              : JOIN_LABEL[experience.rsvpType],
        )}
      </Button>
    </Row>
  );
}
