import { useQuery } from "@tanstack/react-query";
import { useEffect, useState, type ComponentType } from "react";
import { ExperienceCard } from "@web/components/experience-card/experience-card";
import { Button } from "@web/components/ui/button";
import { FullPageSpinner } from "@web/components/ui/spinner";
import { TitledSection } from "@web/components/ui/titled-section";
import { UserText } from "@web/components/ui/user-text";
import { scheduleStatus } from "@web/lib/dates";
import { i18n as translator, useI18n } from "@web/lib/i18n";
import { useCurrentUser } from "@web/lib/session";
import { Trans } from "@web/lib/trans";
import { experiencesQueryOptions } from "./api/get-experiences";
import { NewExperienceModal } from "./components/new-experience-modal";
import { homeCardPath } from "./home-card-path";

/** 'Welcome, Ana' to someone who has no experience yet; 'Welcome back, Ana' once they have one. */
export function welcome(firstName: string | undefined, experiences: number): string {
  const i18n = translator;
  if (firstName)
    return experiences === 0 ? i18n._("Welcome, {firstName}", { firstName }) : i18n._("Welcome back, {firstName}", { firstName });
  return experiences === 0 ? i18n._("Welcome") : i18n._("Welcome back");
}

/** Join and Decline under an invitation's card (features/rsvp), handed in by the app's route. */
export type InvitationAnswerSlot = ComponentType<{ eventId: string; eventName: string }>;

/**
 * Home: the invitations waiting for the user's answer first, with Join and Decline, then their experiences as cards,
 * what is happening now first. A card opens the experience's own page for someone who attends, the Manage view for an
 * organiser.
 */
export function HomePage({ answer: Answer }: { answer: InvitationAnswerSlot }) {
  const i18n = useI18n();
  const user = useCurrentUser();
  const { data: events, isPending, isError } = useQuery(experiencesQueryOptions());
  const [creating, setCreating] = useState(false);

  const title = i18n._("Home");
  useEffect(() => {
    document.title = `${title} · Experiences`;
  }, [title]);

  if (isPending) return <FullPageSpinner />;
  if (isError) return <p className="py-10 text-center text-rose-600">{i18n._("Error loading events")}</p>;

  const order = { ongoing: 0, upcoming: 1, finished: 2 } as const;
  const invitations = events.filter((event) => event.role === "invited");
  const sorted = events
    .filter((event) => event.role !== "invited")
    .sort(
      (a, b) =>
        order[scheduleStatus(a.startTime, a.endTime)] - order[scheduleStatus(b.startTime, b.endTime)] ||
        a.startTime.localeCompare(b.startTime),
    );
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">
            {!user?.firstName ? (
              welcome(undefined, events.length)
            ) : events.length === 0 ? (
              <Trans id="Welcome, <0>{firstName}</0>" values={{ firstName: user.firstName }} components={{ 0: <UserText /> }} />
            ) : (
              <Trans id="Welcome back, <0>{firstName}</0>" values={{ firstName: user.firstName }} components={{ 0: <UserText /> }} />
            )}
          </h1>
          <p className="text-slate-600">
            {events.length === 0
              ? i18n._("Plan a trip, a retreat or a party, and bring your guests along.")
              : i18n._("Your experiences, what is happening now first.")}
          </p>
        </div>
        <Button onClick={() => setCreating(true)}>{i18n._("+ Experience")}</Button>
      </div>
      {invitations.length > 0 && (
        <TitledSection title={i18n._("Waiting for your answer")} className="space-y-3">
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {invitations.map((event) => (
              <div key={event.id} className="flex flex-col gap-2">
                <ExperienceCard event={event} to={`/experiences/${event.id}`} />
                <Answer eventId={event.id} eventName={event.name} />
              </div>
            ))}
          </div>
        </TitledSection>
      )}
      {sorted.length === 0 && invitations.length > 0 ? null : sorted.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <p className="font-semibold text-slate-900">{i18n._("No experiences yet")}</p>
          <p className="mt-1 text-slate-600">{i18n._("Create your first experience, or open an invitation link you received.")}</p>
          <Button className="mt-4" onClick={() => setCreating(true)}>
            {i18n._("Create an experience")}
          </Button>
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {sorted.map((event) => (
            <ExperienceCard key={event.id} event={event} to={homeCardPath(event)} />
          ))}
        </div>
      )}
      {creating && <NewExperienceModal onClose={() => setCreating(false)} />}
    </div>
  );
}
