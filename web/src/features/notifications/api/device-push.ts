import { useQuery, useQueryClient, useMutation } from "@tanstack/react-query";
import { toast } from "@web/components/ui/toast";
import { client, data, errorMessage } from "@web/lib/api-client";
import { serverConfigQuery } from "@web/lib/config";
import { i18n } from "@web/lib/i18n";
import { currentSubscription, notificationPermission, pushSupported, subscribeThisDevice } from "@web/lib/push";

/** Where this browser stands: no push at all, blocked by the person, subscribed, or not (yet). */
export type DevicePushState = "unsupported" | "blocked" | "on" | "off";

const deviceKey = ["device-push"] as const;

/** Reads the browser only (no permission prompt, no service worker registered). */
async function readState(): Promise<DevicePushState> {
  if (!pushSupported()) return "unsupported";
  if (notificationPermission() === "denied") return "blocked";
  return (await currentSubscription()) ? "on" : "off";
}

/**
 * 'Notify me on this device' and 'Stop on this device'. Turning it on asks the browser's permission (from the click,
 * never on load), subscribes with the deployment's VAPID key and tells the server; off unsubscribes and forgets it.
 */
export function useDevicePush() {
  const queryClient = useQueryClient();
  const state = useQuery({ queryKey: deviceKey, queryFn: readState, staleTime: Infinity });
  const config = useQuery(serverConfigQuery);
  const change = useMutation({
    mutationFn: async (on: boolean): Promise<DevicePushState> => {
      if (!on) {
        const subscription = await currentSubscription();
        if (subscription) {
          await data(client.api.notifications["push-subscriptions"].$delete({ json: { endpoint: subscription.endpoint } }));
          await subscription.unsubscribe();
        }
        return "off";
      }
      const publicKey = config.data?.pushPublicKey ?? (await queryClient.fetchQuery(serverConfigQuery)).pushPublicKey;
      const subscription = await subscribeThisDevice(publicKey);
      if (!subscription) return notificationPermission() === "denied" ? "blocked" : "off";
      await data(client.api.notifications["push-subscriptions"].$post({ json: subscription }));
      return "on";
    },
    onSuccess: (next, on) => {
      queryClient.setQueryData(deviceKey, next);
      if (next === "on") toast.success(i18n._("Notifications are on for this device"));
      else if (!on) toast.success(i18n._("Notifications are off for this device"));
    },
    onError: (error) => toast.error(errorMessage(error, i18n._("Notifications could not be turned on. Please try again."))),
  });
  return { state: state.data, pending: change.isPending, turn: (on: boolean) => change.mutate(on) };
}
