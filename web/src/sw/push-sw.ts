import type { PushPayload } from "@worker/shared/notify-kinds";

// The push handlers of the service worker, as pure functions of what the browser hands them, so they are tested
// without a service worker and a later full one (issue 24: the offline app) imports them as they are.

/** What the service worker's registration is asked to do. */
interface Shows {
  showNotification(title: string, options: NotificationOptions): Promise<void>;
}

/** A page of the app the browser has open. */
interface WindowClient {
  url: string;
  focus(): Promise<unknown>;
}

/** The browser's open pages, and a way to open one. */
interface Windows {
  matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<readonly WindowClient[]>;
  openWindow(url: string): Promise<unknown>;
}

/** The app's own icon, shown beside each notification. */
const ICON = "/icon-192.png";

/**
 * The payload a push carries (worker/shared/notify-kinds.ts PushPayload), worded by the Worker in its reader's language;
 * anything else is still shown, by the product's name alone: the service worker has no catalog, so it writes no words.
 */
function payloadOf(data: { json(): unknown } | null): PushPayload {
  let value: unknown = null;
  try {
    value = data?.json();
  } catch {
    // Not JSON: shown by the product's name below.
  }
  const payload = (value ?? {}) as Partial<PushPayload>;
  return {
    title: typeof payload.title === "string" && payload.title ? payload.title : "Experiences",
    body: typeof payload.body === "string" ? payload.body : "",
    url: typeof payload.url === "string" && payload.url.startsWith("/") ? payload.url : "/",
    tag: typeof payload.tag === "string" ? payload.tag : "experiences",
  };
}

/** `push`: shows the notification; a newer one with the same tag (experience and kind) replaces the older. */
export function showPush(registration: Shows, data: { json(): unknown } | null): Promise<void> {
  const { title, body, tag, url } = payloadOf(data);
  return registration.showNotification(title, { body, tag, data: { url }, icon: ICON });
}

/** `notificationclick`: focuses a page already on the notification's address, else opens it. */
export async function openNotification(clients: Windows, origin: string, notification: { data: unknown; close(): void }) {
  notification.close();
  const path = (notification.data as { url?: unknown } | null)?.url;
  // A page of this app only ('//elsewhere' would be another site).
  const asked = typeof path === "string" && URL.canParse(path, origin) ? new URL(path, origin) : null;
  const target = asked?.origin === origin ? asked.href : new URL("/", origin).href;
  const open = await clients.matchAll({ type: "window", includeUncontrolled: true });
  const already = open.find((client) => client.url === target);
  if (already) await already.focus();
  else await clients.openWindow(target);
}
