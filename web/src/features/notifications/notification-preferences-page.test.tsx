import { fireEvent, screen, waitFor } from "@testing-library/react";
import { http, HttpResponse, type PathParams } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { refuse, server, type ErrorBody } from "@web/test/server";
import type { NotificationPreferences, PreferencesPatch, PushSubscriptionBody } from "@worker/features/notifications/notifications.schema";
import { NOTIFY_DEFAULTS } from "@worker/shared/notify-kinds";
import { NotificationPreferencesPage } from "./notification-preferences-page";
import { answerConfig, fakePushBrowser, renderWithClient, SUBSCRIPTION } from "./notifications.test-support";

const STORED: NotificationPreferences = { ...NOTIFY_DEFAULTS, muted: [{ eventId: "e1", name: "Lisbon Food Week" }] };

/** The server: preferences as stored, each save recorded (and answered by `save`, else applied). */
function answer(save?: () => Response | Promise<Response>) {
  const saved: PreferencesPatch[] = [];
  const mutes: { eventId: string; muted: boolean }[] = [];
  const subscriptions: PushSubscriptionBody[] = [];
  let current = STORED;
  server.use(
    http.get<PathParams, never, NotificationPreferences>("/api/notifications/preferences", () => HttpResponse.json(current)),
    http.put<PathParams, PreferencesPatch, NotificationPreferences | ErrorBody>("/api/notifications/preferences", async ({ request }) => {
      const patch = await request.json();
      saved.push(patch);
      if (save) return save();
      await held;
      current = { ...current, email: { ...current.email, ...patch.email }, push: { ...current.push, ...patch.push } };
      return HttpResponse.json(current);
    }),
    http.put<{ eventId: string }, { muted: boolean }>("/api/notifications/mutes/:eventId", async ({ params, request }) => {
      const { muted } = await request.json();
      mutes.push({ eventId: params.eventId, muted });
      current = { ...current, muted: [] };
      return HttpResponse.json({ eventId: params.eventId, muted });
    }),
    http.post<PathParams, PushSubscriptionBody>("/api/notifications/push-subscriptions", async ({ request }) => {
      subscriptions.push(await request.json());
      return HttpResponse.json({ id: "s1" }, { status: 201 });
    }),
  );
  answerConfig();
  return { saved, mutes, subscriptions };
}

/** Saves wait for release() (a slow network), so what the page shows before the answer can be read. */
let release = () => {};
let held = Promise.resolve();
const holdSaves = () => (held = new Promise((resolve) => (release = resolve)));

const toggle = (name: string) => screen.getByRole<HTMLInputElement>("switch", { name });

afterEach(() => {
  vi.unstubAllGlobals();
  held = Promise.resolve();
});

describe("the notification settings page", () => {
  it("shows each kind's e-mail and push switch as stored (defaults: e-mail off for comments only)", async () => {
    fakePushBrowser();
    answer();
    renderWithClient(<NotificationPreferencesPage />);
    expect((await screen.findByRole<HTMLInputElement>("switch", { name: "Itinerary changes by e-mail" })).checked).toBe(true);
    expect(toggle("Comments on your posts by e-mail").checked).toBe(false);
    expect(toggle("Comments on your posts by push").checked).toBe(true);
    expect(toggle("Bulletins by push").checked).toBe(true);
  });

  it("saves a switch as it is flipped, shown before the server answers", async () => {
    fakePushBrowser();
    const { saved } = answer();
    holdSaves();
    renderWithClient(<NotificationPreferencesPage />);
    fireEvent.click(await screen.findByRole("switch", { name: "Bulletins by e-mail" }));
    await waitFor(() => expect(saved).toEqual([{ email: { bulletins: false } }]));
    expect(toggle("Bulletins by e-mail").checked).toBe(false);
    release();
    await waitFor(() => expect(toggle("Bulletins by e-mail").checked).toBe(false));
    expect(toggle("Bulletins by push").checked).toBe(true);
  });

  it("shows the stored switch again when the save fails", async () => {
    fakePushBrowser();
    holdSaves();
    const { saved } = answer(async () => {
      await held;
      return refuse(400, "bulletins must be true or false");
    });
    renderWithClient(<NotificationPreferencesPage />);
    fireEvent.click(await screen.findByRole("switch", { name: "Requests and approvals by push" }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(toggle("Requests and approvals by push").checked).toBe(false);
    release();
    await waitFor(() => expect(toggle("Requests and approvals by push").checked).toBe(true));
  });

  it("lists the muted experiences, each with 'Unmute'", async () => {
    fakePushBrowser();
    const { mutes } = answer();
    renderWithClient(<NotificationPreferencesPage />);
    fireEvent.click(await screen.findByRole("button", { name: "Unmute Lisbon Food Week" }));
    await waitFor(() => expect(mutes).toEqual([{ eventId: "e1", muted: false }]));
    expect(await screen.findByText(/None\. Mute an experience/)).toBeTruthy();
  });

  it("asks the browser's permission only when 'Notify me on this device' is clicked, then subscribes this device", async () => {
    const browser = fakePushBrowser();
    const { subscriptions } = answer();
    renderWithClient(<NotificationPreferencesPage />);
    const notifyMe = await screen.findByRole("button", { name: "Notify me on this device" });
    expect(browser.notification.requestPermission).not.toHaveBeenCalled();
    expect(browser.serviceWorker.register).not.toHaveBeenCalled();

    fireEvent.click(notifyMe);
    expect(await screen.findByRole("button", { name: "Stop on this device" })).toBeTruthy();
    expect(browser.notification.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.serviceWorker.register).toHaveBeenCalledWith("/sw.js", { scope: "/" });
    const options = browser.pushManager.subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    expect((options.applicationServerKey as Uint8Array).length).toBe(65);
    expect(subscriptions).toEqual([SUBSCRIPTION]);
  });

  it("says 'Notifications are blocked in this browser' when the person says no, and subscribes nothing", async () => {
    const browser = fakePushBrowser({ answer: "denied" });
    const { subscriptions } = answer();
    renderWithClient(<NotificationPreferencesPage />);
    fireEvent.click(await screen.findByRole("button", { name: "Notify me on this device" }));
    expect((await screen.findByRole("status")).textContent).toMatch(/^Notifications are blocked in this browser/);
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(subscriptions).toEqual([]);
  });
});
