import { useEffect } from "react";
import { toast } from "@web/components/ui/toast";
import { i18n } from "@web/lib/i18n";

const OFFLINE_MESSAGE = /*i18n*/ "You are offline. Some features may not be available.";
const BACK_ONLINE_MESSAGE = /*i18n*/ "You are back online.";

/** An error toast that stays while the browser is offline, then a success toast when it is back. */
export function useOnlineStatusToasts() {
  useEffect(() => {
    let offlineToast: number | null = null;
    const offline = () => {
      if (offlineToast === null) offlineToast = toast.error(i18n._(OFFLINE_MESSAGE), 0);
    };
    const online = () => {
      if (offlineToast !== null) toast.dismiss(offlineToast);
      offlineToast = null;
      toast.success(i18n._(BACK_ONLINE_MESSAGE));
    };
    if (!navigator.onLine) offline();
    window.addEventListener("offline", offline);
    window.addEventListener("online", online);
    return () => {
      window.removeEventListener("offline", offline);
      window.removeEventListener("online", online);
    };
  }, []);
}
