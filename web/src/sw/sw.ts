import { clientsClaim } from "workbox-core";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { NetworkOnly } from "workbox-strategies";
import { NAVIGATION_DENYLIST, SAVED_FILES_CACHE, SKIP_WAITING } from "./offline-rules";
import { openNotification, showPush } from "./push-sw";

// The one service worker at /sw.js (vite-plugin-pwa's injectManifest builds it; docs/offline.md): the app's shell
// precached, navigations answered by the network and offline by the precached index.html, the documents a person saved
// for offline use, and push notifications. API and file answers are never cached here.

// The worker's own globals, named here (the web's TypeScript has the DOM's, not the WebWorker library's).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEvent extends ExtendableEvent {
  data: { json(): unknown } | null;
}
interface NotificationEvent extends ExtendableEvent {
  notification: Notification;
}
interface ServiceWorkerScope {
  registration: ServiceWorkerRegistration;
  clients: Parameters<typeof openNotification>[0];
  location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: "message", listener: (event: MessageEvent) => void): void;
  addEventListener(type: "push", listener: (event: PushEvent) => void): void;
  addEventListener(type: "notificationclick", listener: (event: NotificationEvent) => void): void;
}

const scope = self as unknown as ServiceWorkerScope;
// The build writes the list of files in place of `self.__WB_MANIFEST`, spelled exactly so.
declare const self: { __WB_MANIFEST: Parameters<typeof precacheAndRoute>[0] };

// index.html, the JavaScript and CSS chunks, the icons and the manifest (vite.config.ts's globPatterns). The old build's
// chunks stay until this worker activates, so an open page never asks for a chunk that is gone.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first worker controls the page that installed it, so that page already works offline. A later one waits for
// 'Reload' (SKIP_WAITING below) and then takes over every open page, which reloads once (service-worker.ts).
clientsClaim();

/** The app's page, online from the network (a deploy shows at once, nothing is stored), offline the precached shell. */
const appPage = new NetworkOnly({
  plugins: [{ handlerDidError: async () => (await matchPrecache("index.html")) ?? Response.error() }],
});
registerRoute(new NavigationRoute(appPage, { denylist: NAVIGATION_DENYLIST }));

/** A file saved for offline use (the offline-data feature puts it in SAVED_FILES_CACHE): from there, else the network. */
async function savedFile({ request }: { request: Request }): Promise<Response> {
  const saved = await caches.open(SAVED_FILES_CACHE).then((cache) => cache.match(request, { ignoreSearch: true }));
  return saved ?? fetch(request);
}
registerRoute(
  ({ url, request }) => url.origin === scope.location.origin && url.pathname.startsWith("/files/") && request.method === "GET",
  savedFile,
);

// 'Reload' on the 'Update available' toast (web/src/lib/service-worker.ts): the waiting worker takes over.
scope.addEventListener("message", (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING) void scope.skipWaiting();
});

scope.addEventListener("push", (event) => event.waitUntil(showPush(scope.registration, event.data)));
scope.addEventListener("notificationclick", (event) =>
  event.waitUntil(openNotification(scope.clients, scope.location.origin, event.notification)),
);
