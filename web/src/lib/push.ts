import type { PushSubscriptionBody } from "@worker/features/notifications/notifications.schema";
import { registerServiceWorker } from "./service-worker";

// This browser's Web Push, through the app's service worker (registered at start: web/src/lib/service-worker.ts).
// Permission is asked only when the person chooses 'Notify me' on this device, never on load (browsers penalise pages
// that ask unprompted).

/** Whether this browser can receive push at all (not in some in-app browsers, nor on iOS outside a home-screen app). */
export const pushSupported = () => "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

/** What the browser says about notifications for this site: 'granted', 'denied' or 'default' (never asked). */
export const notificationPermission = (): NotificationPermission => (pushSupported() ? Notification.permission : "denied");

/** This browser's subscription, if it has one (no service worker registered yet means none). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration("/");
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The VAPID public key (base64url) as the bytes `applicationServerKey` takes. */
function keyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(base64Url.length / 4) * 4, "=");
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

/**
 * Asks for permission (the browser's own prompt, so call it from a click), reuses the app's service worker (registering
 * it if the start has not yet), and subscribes. Null when the person (or the browser) said no.
 */
export async function subscribeThisDevice(publicKey: string): Promise<PushSubscriptionBody | null> {
  if (!pushSupported()) return null;
  if ((await Notification.requestPermission()) !== "granted") return null;
  if (!((await navigator.serviceWorker.getRegistration("/")) ?? (await registerServiceWorker()))) return null;
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  return subscription.toJSON() as PushSubscriptionBody;
}
