import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { http, HttpResponse, type PathParams } from "msw";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router-dom";
import { vi } from "vitest";
import { server } from "@web/test/server";
import type { AppConfig } from "@worker/features/config/config.schema";
import type { PushSubscriptionBody } from "@worker/features/notifications/notifications.schema";

// The notification pages' harness: a query client and a router around the page, and a browser whose push parts
// (Notification, the service worker container, PushManager) are fakes that record what the page asked of them.

export function renderWithClient(node: ReactNode, client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

const PUSH_KEY = "BKg3eXQk43857jAauotsIaQuJSFCgQtIxJlwcjIKrqY4y6tNPLPm_OzGURTimay6TV1WWBtPlDqyFsgOWTxM0Cg";
export const SUBSCRIPTION: PushSubscriptionBody = {
  endpoint: "https://push.example.com/s/device-1",
  expirationTime: null,
  keys: { p256dh: `B${"A".repeat(86)}`, auth: "A".repeat(22) },
};

/** The deployment's config, with its VAPID key. */
export const answerConfig = () =>
  server.use(
    http.get<PathParams, never, AppConfig>("/oapi/config", () =>
      HttpResponse.json({ googleClientId: null, imageSearch: false, places: false, pushPublicKey: PUSH_KEY }),
    ),
  );

/**
 * A browser that can receive push, whose person answers the permission prompt with `answer`. Nothing is registered or
 * subscribed until the page asks.
 */
export function fakePushBrowser({
  permission = "default",
  answer = "granted",
}: { permission?: NotificationPermission; answer?: NotificationPermission } = {}) {
  let subscribed = false;
  let registered = false;
  const subscription = {
    endpoint: SUBSCRIPTION.endpoint,
    toJSON: () => SUBSCRIPTION,
    unsubscribe: vi.fn(async () => ((subscribed = false), true)),
  };
  const pushManager = {
    getSubscription: vi.fn(async () => (subscribed ? subscription : null)),
    subscribe: vi.fn(async (_options: PushSubscriptionOptionsInit) => ((subscribed = true), subscription)),
  };
  // What workbox-window (web/src/lib/service-worker.ts) reads of them too: no worker in control or waiting yet.
  const registration = { pushManager, waiting: null, addEventListener: vi.fn() };
  const serviceWorker = {
    controller: null,
    addEventListener: vi.fn(),
    getRegistration: vi.fn(async () => (registered ? registration : undefined)),
    register: vi.fn(async (_url: string, _options?: RegistrationOptions) => ((registered = true), registration)),
    ready: Promise.resolve(registration),
  };
  const notification = {
    permission,
    requestPermission: vi.fn(async () => ((notification.permission = answer), answer)),
  };
  vi.stubGlobal("Notification", notification);
  vi.stubGlobal("PushManager", class {});
  vi.stubGlobal("navigator", Object.assign(Object.create(navigator), { serviceWorker }));
  return { notification, serviceWorker, pushManager, subscription };
}
