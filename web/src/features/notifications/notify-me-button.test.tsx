import { fireEvent, screen, waitFor } from "@testing-library/react";
import { http, HttpResponse, type PathParams } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { server } from "@web/test/server";
import type { NotificationPreferences, PushSubscriptionBody } from "@worker/features/notifications/notifications.schema";
import { NOTIFY_DEFAULTS } from "@worker/shared/notify-kinds";
import { answerConfig, fakePushBrowser, renderWithClient, SUBSCRIPTION } from "./notifications.test-support";
import { NotifyMeButton } from "./notify-me-button";

const guestOf = { id: "e1", isOwner: false, isHost: false, isGuest: true };

function answer() {
  const mutes: boolean[] = [];
  const subscriptions: PushSubscriptionBody[] = [];
  server.use(
    http.get<PathParams, never, NotificationPreferences>("/api/notifications/preferences", () =>
      HttpResponse.json({ ...NOTIFY_DEFAULTS, muted: [] }),
    ),
    http.put<PathParams, { muted: boolean }>("/api/notifications/mutes/e1", async ({ request }) => {
      const { muted } = await request.json();
      mutes.push(muted);
      return HttpResponse.json({ eventId: "e1", muted });
    }),
    http.post<PathParams, PushSubscriptionBody>("/api/notifications/push-subscriptions", async ({ request }) => {
      subscriptions.push(await request.json());
      return HttpResponse.json({ id: "s1" }, { status: 201 });
    }),
  );
  answerConfig();
  return { mutes, subscriptions };
}

afterEach(() => vi.unstubAllGlobals());

describe("'Notify me' on the experience's page", () => {
  it("asks the browser nothing on load or on opening; 'Notify me on this device' asks once, registers /sw.js and subscribes", async () => {
    const browser = fakePushBrowser();
    const { subscriptions } = answer();
    renderWithClient(<NotifyMeButton event={guestOf} />);
    fireEvent.click(screen.getByRole("button", { name: "Notify me" }));
    const onThisDevice = await screen.findByRole("button", { name: "Notify me on this device" });
    expect(browser.notification.requestPermission).not.toHaveBeenCalled();
    expect(browser.serviceWorker.register).not.toHaveBeenCalled();

    fireEvent.click(onThisDevice);
    await screen.findByRole("button", { name: "Stop on this device" });
    expect(browser.notification.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.serviceWorker.register).toHaveBeenCalledTimes(1);
    expect(subscriptions).toEqual([SUBSCRIPTION]);
  });

  it("reuses the subscription a browser already has, and 'Stop on this device' ends it", async () => {
    const browser = fakePushBrowser({ permission: "granted" });
    answer();
    const deleted: string[] = [];
    server.use(
      http.delete<PathParams, { endpoint: string }>("/api/notifications/push-subscriptions", async ({ request }) => {
        deleted.push((await request.json()).endpoint);
        return HttpResponse.json({ success: true });
      }),
    );
    renderWithClient(<NotifyMeButton event={guestOf} />);
    fireEvent.click(screen.getByRole("button", { name: "Notify me" }));
    fireEvent.click(await screen.findByRole("button", { name: "Notify me on this device" }));
    fireEvent.click(await screen.findByRole("button", { name: "Stop on this device" }));
    await screen.findByRole("button", { name: "Notify me on this device" });
    expect(deleted).toEqual([SUBSCRIPTION.endpoint]);
    expect(browser.subscription.unsubscribe).toHaveBeenCalled();
  });

  it("mutes this experience", async () => {
    fakePushBrowser();
    const { mutes } = answer();
    renderWithClient(<NotifyMeButton event={guestOf} />);
    fireEvent.click(screen.getByRole("button", { name: "Notify me" }));
    const mute = await screen.findByRole<HTMLInputElement>("switch", { name: "Mute this experience" });
    await waitFor(() => expect(mute.disabled).toBe(false));
    fireEvent.click(mute);
    await waitFor(() => expect(mutes).toEqual([true]));
  });

  it("is not there for someone who does not take part", () => {
    fakePushBrowser();
    renderWithClient(<NotifyMeButton event={{ ...guestOf, isGuest: false }} />);
    expect(screen.queryByRole("button", { name: "Notify me" })).toBeNull();
  });
});
