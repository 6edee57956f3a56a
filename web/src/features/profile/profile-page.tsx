import { useQuery } from "@tanstack/react-query";
import { useEffect, type ReactNode } from "react";
import { Link } from "react-router-dom";
import { ExperienceCard } from "@web/components/experience-card/experience-card";
import { Avatar } from "@web/components/ui/avatar";
import { Button } from "@web/components/ui/button";
import { UserText } from "@web/components/ui/user-text";
import { errorMessage } from "@web/lib/api-client";
import { scheduleStatus } from "@web/lib/dates";
import { useI18n } from "@web/lib/i18n";
import { displayName } from "@web/lib/session";
import { Trans } from "@web/lib/trans";
import { profileQueryOptions } from "./api/get-profile";
import { profileExperiencesQueryOptions } from "./api/get-profile-experiences";

/** Spec 1 §2: 'Loading...' until the user is known; if that fails, the reason and a way to try again. */
export function ProfilePending({ error, onRetry }: { error: Error | null; onRetry: () => void }) {
  const i18n = useI18n();
  if (!error) return <p className="py-10 text-center text-slate-500">{i18n._("Loading...")}</p>;
  return (
    <div role="alert" className="py-10 text-center">
      <p className="text-slate-700">{errorMessage(error, i18n._("Failed to load your profile."))}</p>
      <Button variant="secondary" className="mt-3" onClick={onRetry}>
        {i18n._("Try again")}
      </Button>
    </div>
  );
}

/** The class of the profile's secondary actions: 'Notifications', and 'Subscribe to calendar' (features/calendar). */
export const SECONDARY_ACTION =
  "inline-flex items-center gap-2 rounded-lg bg-white px-4 py-2 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 ring-inset hover:bg-slate-50";

/**
 * `children` end the profile's actions: 'Subscribe to calendar'; `language` is the language picker. Both are composed by
 * the app's route (web/src/app/routes/profile.tsx).
 */
export function ProfilePage({ children, language }: { children?: ReactNode; language?: ReactNode }) {
  const i18n = useI18n();
  const { data: user, error, refetch } = useQuery(profileQueryOptions());
  const { data: events } = useQuery({ ...profileExperiencesQueryOptions(user?.guid ?? ""), enabled: Boolean(user) });

  const title = i18n._("Profile");
  useEffect(() => {
    document.title = `${title} · Experiences`;
  }, [title]);

  if (!user) return <ProfilePending error={error} onRetry={() => void refetch()} />;
  const name = displayName(user);
  return (
    <div className="space-y-6">
      <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:text-start">
          <Avatar src={user.profilePic?.original} name={name} className="size-24 text-2xl" />
          <div className="min-w-0 flex-1">
            <UserText as="h1" className="text-2xl font-bold text-slate-900">
              {name}
            </UserText>
            {user.organisation && (
              <UserText as="p" className="text-slate-600">
                {user.organisation}
              </UserText>
            )}
            <UserText as="p" className="text-sm text-slate-500">
              {user.emailId}
            </UserText>
          </div>
          <div className="flex flex-wrap justify-center gap-2">
            <Link to="/profile/edit" className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
              {i18n._("Edit Profile")}
            </Link>
            <Link to="/profile/notifications" className={SECONDARY_ACTION}>
              {i18n._("Notifications")}
            </Link>
            {children}
          </div>
        </div>
        <div className="mt-6 grid gap-6 sm:grid-cols-2">
          <div>
            <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">{i18n._("About")}</h2>
            <p className="mt-2 whitespace-pre-line text-slate-700">{user.bio || i18n._("Nothing here yet.")}</p>
          </div>
          <div>
            <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">{i18n._("Interests")}</h2>
            {user.tags.length ? (
              <ul className="mt-2 flex flex-wrap gap-2">
                {user.tags.map((tag) => (
                  <li key={tag} className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-700">
                    <UserText>{tag}</UserText>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-2 text-slate-500">{i18n._("No interests added yet.")}</p>
            )}
          </div>
        </div>
        {language && <div className="mt-6 border-t border-slate-200 pt-4 text-sm text-slate-700">{language}</div>}
      </section>
      <section>
        <h2 className="mb-3 text-lg font-semibold text-slate-900">
          <Trans id="<0>{firstName}</0>'s Experiences" values={{ firstName: user.firstName }} components={{ 0: <UserText /> }} />
        </h2>
        {events && events.length === 0 && <p className="text-slate-500">{i18n._("No experiences yet.")}</p>}
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {events?.map((event) => (
            <ExperienceCard
              key={event.id}
              event={event}
              to={`/manage/experiences/${scheduleStatus(event.startTime, event.endTime)}/${event.id}`}
            />
          ))}
        </div>
      </section>
    </div>
  );
}
