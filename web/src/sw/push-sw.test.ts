import { describe, expect, it, vi } from "vitest";
import { openNotification, showPush } from "./push-sw";

const data = (value: unknown) => ({ json: () => value });

describe("the service worker's push handlers", () => {
  it("show the pushed title and body, tagged, with the page to open and the app's icon", async () => {
    const registration = { showNotification: vi.fn(async () => {}) };
    await showPush(
      registration,
      data({
        title: "Lisbon Food Week",
        body: "Coach to Sintra: 09:00 AM → 08:30 AM WET",
        url: "/experiences/e1/itinerary",
        tag: "e1:itinerary",
      }),
    );
    expect(registration.showNotification).toHaveBeenCalledWith("Lisbon Food Week", {
      body: "Coach to Sintra: 09:00 AM → 08:30 AM WET",
      tag: "e1:itinerary",
      data: { url: "/experiences/e1/itinerary" },
      icon: "/icon-192.png",
    });
  });

  it("still show a push that carries no payload, by the product's name with no words of its own (the service worker has no catalog), and never open another site", async () => {
    const registration = { showNotification: vi.fn(async () => {}) };
    await showPush(registration, null);
    await showPush(registration, data({ title: "Hi", url: "https://evil.example/" }));
    expect(registration.showNotification.mock.calls).toEqual([
      ["Experiences", { body: "", tag: "experiences", data: { url: "/" }, icon: "/icon-192.png" }],
      ["Hi", { body: "", tag: "experiences", data: { url: "/" }, icon: "/icon-192.png" }],
    ]);
  });

  it("focus a page already on the notification's address when it is clicked", async () => {
    const page = { url: "https://app.example/experiences/e1/itinerary", focus: vi.fn(async () => {}) };
    const other = { url: "https://app.example/", focus: vi.fn(async () => {}) };
    const clients = { matchAll: vi.fn(async () => [other, page]), openWindow: vi.fn(async () => null) };
    const notification = { data: { url: "/experiences/e1/itinerary" }, close: vi.fn() };
    await openNotification(clients, "https://app.example", notification);
    expect(notification.close).toHaveBeenCalled();
    expect(page.focus).toHaveBeenCalled();
    expect(other.focus).not.toHaveBeenCalled();
    expect(clients.openWindow).not.toHaveBeenCalled();
  });

  it("open the address in a new window when no page is on it", async () => {
    const clients = {
      matchAll: vi.fn(async () => [{ url: "https://app.example/profile", focus: vi.fn() }]),
      openWindow: vi.fn(async () => null),
    };
    await openNotification(clients, "https://app.example", { data: { url: "/experiences/e1/bulletin" }, close: vi.fn() });
    await openNotification(clients, "https://app.example", { data: { url: "//evil.example/x" }, close: vi.fn() });
    expect(clients.openWindow.mock.calls).toEqual([["https://app.example/experiences/e1/bulletin"], ["https://app.example/"]]);
  });
});
