import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { BellIcon } from "@web/components/ui/icons";
import { useDisclosure } from "@web/components/ui/use-disclosure";
import { useI18n } from "@web/lib/i18n";
import type { ExperienceDetail } from "@worker/features/experiences/experiences.schema";
import { preferencesQueryOptions, useSetMute } from "./api/preferences";
import { DevicePushControl } from "./device-push-control";

/**
 * 'Notify me' beside the experience's title (participants): a small panel to mute this experience and to get push on
 * this device. Nothing is asked of the browser until the person chooses 'Notify me on this device'.
 */
export function NotifyMeButton({ event }: { event: Pick<ExperienceDetail, "id" | "isOwner" | "isHost" | "isGuest"> }) {
  const i18n = useI18n();
  const { open, root, panelId, trigger, panel } = useDisclosure();
  if (!(event.isOwner || event.isHost || event.isGuest)) return null;
  return (
    <div ref={root} className="relative">
      <button
        {...trigger}
        aria-controls={panelId}
        className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-white px-3 font-semibold whitespace-nowrap text-slate-800 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 md:min-h-9"
      >
        <BellIcon />
        {i18n._("Notify me")}
      </button>
      {open && (
        <div
          {...panel}
          aria-label={i18n._("Notifications for this experience")}
          className="absolute start-0 z-20 mt-2 w-72 max-w-[calc(100vw-2rem)] space-y-4 rounded-xl border border-slate-200 bg-white p-4 text-start shadow-lg"
        >
          <MuteSwitch eventId={event.id} />
          <DevicePushControl />
          <Link to="/profile/notifications" className="block text-sm font-medium text-brand-700 hover:underline">
            {i18n._("All notification settings")}
          </Link>
        </div>
      )}
    </div>
  );
}

function MuteSwitch({ eventId }: { eventId: string }) {
  const i18n = useI18n();
  const preferences = useQuery(preferencesQueryOptions());
  const mute = useSetMute(eventId);
  const stored = preferences.data?.muted.some((m) => m.eventId === eventId) ?? false;
  const muted = mute.isPending ? mute.variables : stored;
  return (
    <label className="flex min-h-11 cursor-pointer items-center justify-between gap-3 text-sm text-slate-800">
      <span>{i18n._("Mute this experience")}</span>
      <input
        type="checkbox"
        role="switch"
        className="size-5 accent-brand-600"
        disabled={preferences.isPending}
        checked={muted}
        onChange={(e) => mute.mutate(e.target.checked)}
      />
    </label>
  );
}
