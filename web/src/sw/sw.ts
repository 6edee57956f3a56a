import { openNotification, showPush } from "./push-sw";

// The service worker at /sw.js (built by vite.config.ts's serviceWorker plugin): push notifications only. No fetch
// handler and no cache: the app loads as it always does. Registered only when someone chooses 'Notify me'.

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
  addEventListener(type: "push", listener: (event: PushEvent) => void): void;
  addEventListener(type: "notificationclick", listener: (event: NotificationEvent) => void): void;
}

const scope = self as unknown as ServiceWorkerScope;

scope.addEventListener("push", (event) => event.waitUntil(showPush(scope.registration, event.data)));
scope.addEventListener("notificationclick", (event) =>
  event.waitUntil(openNotification(scope.clients, scope.location.origin, event.notification)),
);
