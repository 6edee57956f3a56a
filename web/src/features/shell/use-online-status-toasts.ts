import { useEffect } from "react";
import { toast } from "@web/components/ui/toast";

const OFFLINE_MESSAGE = "You are offline. Some features may not be available.";
const BACK_ONLINE_MESSAGE = "You are back online.";

/** An error toast that stays while the browser is offline, then a success toast when it is back. */
export function useOnlineStatusToasts() {
  useEffect(() => {
    let offlineToast: number | null = null;
    const offline = () => {
      if (offlineToast === null) offlineToast = toast.error(OFFLINE_MESSAGE, 0);
    };
    const online = () => {
      if (offlineToast !== null) toast.dismiss(offlineToast);
      offlineToast = null;
      toast.success(BACK_ONLINE_MESSAGE);
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
