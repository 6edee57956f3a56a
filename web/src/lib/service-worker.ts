import { Workbox } from "workbox-window";
import { toast } from "@web/components/ui/toast";
import { i18n } from "./i18n";
import { reloadPage } from "./reload-page";

// The app's one service worker (/sw.js, web/src/sw/sw.ts: the shell offline, saved files, push), registered at the
// app's start in production builds (web/src/app/start.tsx); push (web/src/lib/push.ts) uses the same registration.

export const UPDATE_AVAILABLE = /*i18n*/ "Update available";

/** How long 'Reload' waits for the new worker to take over before it reloads the page anyway. */
const TAKE_OVER_MS = 3000;

/** The registration, once per browser (its service worker container). */
const registrations = new WeakMap<ServiceWorkerContainer, Promise<ServiceWorkerRegistration | undefined>>();

/**
 * A new build's worker waits while a page of the old one is open: 'Update available' offers 'Reload', which lets it
 * take over (skipWaiting) and reloads the page once it controls it, so the page and its chunks come from one build.
 */
function offerUpdate(workbox: Workbox) {
  workbox.addEventListener("waiting", () => {
    toast.action(i18n._(UPDATE_AVAILABLE), {
      label: i18n._("Reload"),
      onClick: () => {
        let reloaded = false;
        const reloadOnce = () => {
          if (!reloaded) reloadPage();
          reloaded = true;
        };
        workbox.addEventListener("controlling", reloadOnce);
        workbox.messageSkipWaiting();
        // Should no worker take over (another tab already let it), the button still reloads.
        setTimeout(reloadOnce, TAKE_OVER_MS);
      },
    });
  });
}

/** Registers /sw.js once (later calls get the same registration); none where the browser has no service workers. */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | undefined> {
  if (!("serviceWorker" in navigator)) return Promise.resolve(undefined);
  let registered = registrations.get(navigator.serviceWorker);
  if (!registered) {
    const workbox = new Workbox("/sw.js", { scope: "/" });
    offerUpdate(workbox);
    registered = workbox.register().catch(() => undefined);
    registrations.set(navigator.serviceWorker, registered);
  }
  return registered;
}

/** How long after the page's load the worker is registered: its precache (about 1.2 MB) must not compete with the page. */
const AFTER_LOAD_MS = 3000;

/**
 * Registers the worker once the page has loaded and settled: the precache downloads in the background then, not beside
 * the page's own code and data on a slow phone (a first visit works offline a few seconds later).
 */
export function registerServiceWorkerWhenSettled() {
  const run = () => void registerServiceWorker();
  // Safari has no requestIdleCallback: there, the delay alone.
  const whenIdle = () => (typeof requestIdleCallback === "function" ? requestIdleCallback(run, { timeout: AFTER_LOAD_MS }) : run());
  const register = () => setTimeout(whenIdle, AFTER_LOAD_MS);
  if (document.readyState === "complete") register();
  else addEventListener("load", register, { once: true });
}
