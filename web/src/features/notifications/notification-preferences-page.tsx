import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { Link } from "react-router-dom";
import { Button } from "@web/components/ui/button";
import { UserText } from "@web/components/ui/user-text";
import { errorMessage } from "@web/lib/api-client";
import { NOTIFY_KIND_LABELS } from "@worker/features/notifications/notifications.schema";
import { NOTIFY_KINDS, type NotifyChannel, type NotifyKind } from "@worker/shared/notify-kinds";
import { preferencesQueryOptions, useSetMute, useUpdatePreferences } from "./api/preferences";
import { DevicePushControl } from "./device-push-control";

const CHANNEL_LABEL: Record<NotifyChannel, string> = { email: "E-mail", push: "Push" };

/** /profile/notifications: every switch (kinds × e-mail and push, each saved as it is flipped), this device, and muted experiences. */
export function NotificationPreferencesPage() {
  const preferences = useQuery(preferencesQueryOptions());
  const update = useUpdatePreferences();

  useEffect(() => {
    document.title = "Notifications · Experiences";
  }, []);

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <div>
        <Link to="/profile" className="text-sm font-medium text-brand-700 hover:underline">
          ← Profile
        </Link>
        <h1 className="mt-1 text-2xl font-bold text-slate-900">Notifications</h1>
      </div>
      <section aria-labelledby="kinds-heading" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <h2 id="kinds-heading" className="text-lg font-semibold text-slate-900">
          What you hear about
        </h2>
        {preferences.isPending && <p className="py-6 text-sm text-slate-500">Loading...</p>}
        {preferences.isError && (
          <div role="alert" className="py-6 text-sm text-slate-700">
            <p>{errorMessage(preferences.error, "Failed to load your notification settings.")}</p>
            <Button variant="secondary" className="mt-3" onClick={() => void preferences.refetch()}>
              Try again
            </Button>
          </div>
        )}
        {preferences.data && (
          <table className="mt-3 w-full text-left text-sm">
            <caption className="sr-only">E-mail and push for each kind of notification</caption>
            <thead>
              <tr className="text-slate-500">
                <th scope="col" className="py-2 font-medium">
                  Kind
                </th>
                {(["email", "push"] as const).map((channel) => (
                  <th key={channel} scope="col" className="w-20 py-2 text-center font-medium">
                    {CHANNEL_LABEL[channel]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {NOTIFY_KINDS.map((kind) => (
                <tr key={kind}>
                  <th scope="row" className="py-2 pr-2 font-normal text-slate-800">
                    {NOTIFY_KIND_LABELS[kind]}
                  </th>
                  {(["email", "push"] as const).map((channel) => (
                    <td key={channel} className="py-1 text-center">
                      <Switch
                        kind={kind}
                        channel={channel}
                        checked={preferences.data[channel][kind]}
                        onChange={(enabled) => update.mutate({ [channel]: { [kind]: enabled } })}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <p className="mt-3 text-xs text-slate-500">Push reaches the devices where you chose 'Notify me'. Sign-in codes are always sent.</p>
      </section>
      <section aria-labelledby="device-heading" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <h2 id="device-heading" className="mb-3 text-lg font-semibold text-slate-900">
          This device
        </h2>
        <DevicePushControl />
      </section>
      {preferences.data && <MutedExperiences muted={preferences.data.muted} />}
    </div>
  );
}

/** One switch of the table, named for a screen reader by its row and column. */
function Switch({
  kind,
  channel,
  checked,
  onChange,
}: {
  kind: NotifyKind;
  channel: NotifyChannel;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <label className="inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center">
      <input
        type="checkbox"
        role="switch"
        aria-label={`${NOTIFY_KIND_LABELS[kind]} by ${CHANNEL_LABEL[channel].toLowerCase()}`}
        className="size-5 accent-brand-600"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
    </label>
  );
}

function MutedExperiences({ muted }: { muted: { eventId: string; name: string }[] }) {
  return (
    <section aria-labelledby="muted-heading" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="muted-heading" className="text-lg font-semibold text-slate-900">
        Muted experiences
      </h2>
      {muted.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">None. Mute an experience from the bell on its page.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {muted.map((experience) => (
            <MutedRow key={experience.eventId} {...experience} />
          ))}
        </ul>
      )}
    </section>
  );
}

function MutedRow({ eventId, name }: { eventId: string; name: string }) {
  const unmute = useSetMute(eventId);
  return (
    <li className="flex items-center justify-between gap-3 py-2">
      <Link to={`/experiences/${eventId}/itinerary`} className="min-w-0 truncate text-sm font-medium text-slate-800 hover:underline">
        <UserText>{name}</UserText>
      </Link>
      <Button variant="secondary" disabled={unmute.isPending} onClick={() => unmute.mutate(false)} aria-label={`Unmute ${name}`}>
        Unmute
      </Button>
    </li>
  );
}
