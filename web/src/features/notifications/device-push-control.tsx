import { Button } from "@web/components/ui/button";
import { useI18n } from "@web/lib/i18n";
import { useDevicePush } from "./api/device-push";

/**
 * This browser's push: 'Notify me on this device' (the browser asks permission then, never before), 'Stop on this
 * device', or why it cannot.
 */
export function DevicePushControl() {
  const i18n = useI18n();
  const { state, pending, turn } = useDevicePush();
  if (state === undefined) return <p className="min-h-11 text-sm text-slate-500">{i18n._("Checking this device...")}</p>;
  if (state === "unsupported")
    return (
      <p className="text-sm text-slate-600">
        {i18n._("This browser cannot show notifications. On an iPhone or iPad, add Experiences to the home screen first.")}
      </p>
    );
  if (state === "blocked")
    return (
      <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
        {i18n._("Notifications are blocked in this browser. Allow them in the browser's site settings, then try again.")}
      </p>
    );
  return state === "on" ? (
    <div className="flex flex-wrap items-center gap-3">
      <p className="text-sm text-slate-700">{i18n._("This device gets notifications.")}</p>
      <Button variant="secondary" disabled={pending} onClick={() => turn(false)}>
        {i18n._("Stop on this device")}
      </Button>
    </div>
  ) : (
    <Button disabled={pending} onClick={() => turn(true)}>
      {i18n._("Notify me on this device")}
    </Button>
  );
}
