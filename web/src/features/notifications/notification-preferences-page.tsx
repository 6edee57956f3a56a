import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { Link } from "react-router-dom";
import { Button } from "@web/components/ui/button";
import { TitledSection } from "@web/components/ui/titled-section";
import { UserText } from "@web/components/ui/user-text";
import { errorMessage } from "@web/lib/api-client";
import { useI18n } from "@web/lib/i18n";
import { NOTIFY_KIND_LABELS } from "@worker/features/notifications/notifications.schema";
import { NOTIFY_KINDS, type NotifyChannel, type NotifyKind } from "@worker/shared/notify-kinds";
import { preferencesQueryOptions, useSetMute, useUpdatePreferences } from "./api/preferences";
import { DevicePushControl } from "./device-push-control";

const CHANNEL_LABEL: Record<NotifyChannel, string> = { email: /*i18n*/ "E-mail", push: /*i18n*/ "Push" };

/** /profile/notifications: every switch (kinds × e-mail and push, each saved as it is flipped), this device, and muted experiences. */
export function NotificationPreferencesPage() {
  const i18n = useI18n();
  const preferences = useQuery(preferencesQueryOptions());
  const update = useUpdatePreferences();

  useEffect(() => {
    document.title = `${i18n._("Notifications")} · Experiences`;
  }, [i18n, i18n.locale]);

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <div>
        <Link to="/profile" className="text-sm font-medium text-brand-700 hover:underline">
          <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
            ←
          </span>{" "}
          {i18n._("Profile")}
        </Link>
        <h1 className="mt-1 text-2xl font-bold text-slate-900">{i18n._("Notifications")}</h1>
      </div>
      <TitledSection title={i18n._("What you hear about")} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        {preferences.isPending && <p className="py-6 text-sm text-slate-500">{i18n._("Loading...")}</p>}
        {preferences.isError && (
          <div role="alert" className="py-6 text-sm text-slate-700">
            <p>{errorMessage(preferences.error, i18n._("Failed to load your notification settings."))}</p>
            <Button variant="secondary" className="mt-3" onClick={() => void preferences.refetch()}>
              {i18n._("Try again")}
            </Button>
          </div>
        )}
        {preferences.data && (
          <table className="mt-3 w-full text-start text-sm">
            <caption className="sr-only">{i18n._("E-mail and push for each kind of notification")}</caption>
            <thead>
              <tr className="text-slate-500">
                <th scope="col" className="py-2 font-medium">
                  {i18n._("Kind")}
                </th>
                {(["email", "push"] as const).map((channel) => (
                  <th key={channel} scope="col" className="w-20 py-2 text-center font-medium">
                    {i18n._(CHANNEL_LABEL[channel])}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {NOTIFY_KINDS.map((kind) => (
                <tr key={kind}>
                  <th scope="row" className="py-2 pe-2 font-normal text-slate-800">
                    {i18n._(NOTIFY_KIND_LABELS[kind])}
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
        <p className="mt-3 text-xs text-slate-500">
          {i18n._("Push reaches the devices where you chose 'Notify me'. Sign-in codes are always sent.")}
        </p>
      </TitledSection>
      <TitledSection
        title={i18n._("This device")}
        className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
        headingClassName="mb-3 text-lg font-semibold text-slate-900"
      >
        <DevicePushControl />
      </TitledSection>
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
  const i18n = useI18n();
  const label = i18n._(NOTIFY_KIND_LABELS[kind]);
  return (
    <label className="inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center">
      <input
        type="checkbox"
        role="switch"
        aria-label={channel === "email" ? i18n._("{kind} by e-mail", { kind: label }) : i18n._("{kind} by push", { kind: label })}
        className="size-5 accent-brand-600"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
    </label>
  );
}

function MutedExperiences({ muted }: { muted: { eventId: string; name: string }[] }) {
  const i18n = useI18n();
  return (
    <TitledSection title={i18n._("Muted experiences")} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      {muted.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">{i18n._("None. Mute an experience from the bell on its page.")}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {muted.map((experience) => (
            <MutedRow key={experience.eventId} {...experience} />
          ))}
        </ul>
      )}
    </TitledSection>
  );
}

function MutedRow({ eventId, name }: { eventId: string; name: string }) {
  const i18n = useI18n();
  const unmute = useSetMute(eventId);
  return (
    <li className="flex items-center justify-between gap-3 py-2">
      <Link to={`/experiences/${eventId}/itinerary`} className="min-w-0 truncate text-sm font-medium text-slate-800 hover:underline">
        <UserText>{name}</UserText>
      </Link>
      <Button
        variant="secondary"
        disabled={unmute.isPending}
        onClick={() => unmute.mutate(false)}
        aria-label={i18n._("Unmute {name}", { name })}
      >
        {i18n._("Unmute")}
      </Button>
    </li>
  );
}
