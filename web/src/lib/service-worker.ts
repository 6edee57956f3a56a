import { Workbox } from "workbox-window";
import { toast } from "@web/components/ui/toast";
import { reloadPage } from "./reload-page";

// The app's one service worker (/sw.js, web/src/sw/sw.ts: the shell offline, saved files, push), registered at the
// app's start in production builds (web/src/app/start.tsx); push (web/src/lib/push.ts) uses the same registration.

export const UPDATE_AVAILABLE = "Update available";

let registered: Promise<ServiceWorkerRegistration | undefined> | undefined;

/**
 * A new build's worker waits while a page of the old one is open: 'Update available' offers 'Reload', which lets it
 * take over (skipWaiting) and reloads the page once it controls it, so the page and its chunks come from one build.
 */
function offerUpdate(workbox: Workbox) {
  workbox.addEventListener("waiting", () => {
    toast.action(UPDATE_AVAILABLE, {
      label: "Reload",
      onClick: () => {
        workbox.addEventListener("controlling", () => reloadPage());
        workbox.messageSkipWaiting();
      },
    });
  });
}

/** Registers /sw.js once (later calls get the same registration); none where the browser has no service workers. */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | undefined> {
  if (!("serviceWorker" in navigator)) return Promise.resolve(undefined);
  if (!registered) {
    const workbox = new Workbox("/sw.js", { scope: "/" });
    offerUpdate(workbox);
    registered = workbox.register().catch(() => undefined);
  }
  return registered;
}
