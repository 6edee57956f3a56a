import { onlineManager } from "@tanstack/react-query";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DocumentsTab } from "@web/features/documents/documents-tab";
import { aDocument, asGuest, documentLists, onViewRoute } from "@web/features/documents/documents.test-support";
import { SaveForOffline } from "@web/features/offline/save-for-offline";
import { SavedOnThisDevice } from "@web/features/offline/saved-on-this-device";
import { SAVED_FILES_CACHE } from "@web/lib/saved-files";
import { fakeCacheStorage } from "@web/test/fake-cache-storage";
import { renderExperienceTab } from "@web/test/render-experience-tab";
import { server } from "@web/test/server";

const PDF_BYTES = new Uint8Array(4200);
let persist: ReturnType<typeof vi.fn>;
let cache: ReturnType<typeof fakeCacheStorage>;

beforeEach(() => {
  cache = fakeCacheStorage();
  persist = vi.fn(async () => true);
  vi.stubGlobal("navigator", Object.assign(Object.create(navigator) as Navigator, { storage: { persist } }));
  vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: () => "blob:saved-ticket", revokeObjectURL: () => undefined }));
  server.use(http.get("/files/ticket", () => new HttpResponse(PDF_BYTES, { headers: { "Content-Type": "application/pdf" } })));
  documentLists({ me: [aDocument({ name: "Ticket.pdf", document: { original: "/files/ticket?e=1&s=sig" } })], common: [] });
});
afterEach(() => {
  act(() => onlineManager.setOnline(true));
  vi.unstubAllGlobals();
});

const openTab = () =>
  renderExperienceTab(<DocumentsTab fileActions={SaveForOffline} savedOnDevice={SavedOnThisDevice} />, asGuest, onViewRoute);

describe("'Save for offline' on the Documents tab", () => {
  it("keeps the file in Cache Storage, shows its size and 'Saved on this device: 1 file, 4.2 kB', and asks to persist storage once", async () => {
    openTab();
    fireEvent.click(await screen.findByRole("button", { name: "Save for offline: Ticket.pdf" }));
    expect(await screen.findByText("Saved · 4.2 kB")).toBeTruthy();
    expect(await screen.findByText("Saved on this device: 1 file, 4.2 kB")).toBeTruthy();
    expect(cache.urls(SAVED_FILES_CACHE)).toEqual([new URL("/files/ticket?e=1&s=sig", location.href).href]);
    expect(persist).toHaveBeenCalledTimes(1);
  });

  it("'Remove from this device' takes it out of Cache Storage", async () => {
    openTab();
    fireEvent.click(await screen.findByRole("button", { name: "Save for offline: Ticket.pdf" }));
    const card = (await screen.findByText("Saved · 4.2 kB")).closest("li")!;
    fireEvent.click(within(card).getByRole("button", { name: "Remove from this device: Ticket.pdf" }));
    expect(await screen.findByRole("button", { name: "Save for offline: Ticket.pdf" })).toBeTruthy();
    expect(cache.urls(SAVED_FILES_CACHE)).toEqual([]);
    expect(screen.queryByText(/Saved on this device/)).toBeNull();
  });

  it("offline, opens a saved file from the device, and cannot save one with 'Needs a connection'", async () => {
    documentLists({
      me: [
        aDocument({ name: "Ticket.pdf", document: { original: "/files/ticket?e=1&s=sig" } }),
        aDocument({ name: "Map.pdf", document: { original: "/files/map?e=1&s=sig" } }),
      ],
      common: [],
    });
    openTab();
    fireEvent.click(await screen.findByRole("button", { name: "Save for offline: Ticket.pdf" }));
    await screen.findByText("Saved · 4.2 kB");
    act(() => onlineManager.setOnline(false));
    await waitFor(() => expect(screen.getByRole("link", { name: "Open Ticket.pdf" }).getAttribute("href")).toBe("blob:saved-ticket"));
    expect(screen.getByRole("link", { name: "Open Map.pdf" }).getAttribute("href")).toBe("/files/map?e=1&s=sig");
    const save = screen.getByRole("button", { name: "Save for offline: Map.pdf" });
    expect(save.matches(":disabled")).toBe(true);
    expect(save.getAttribute("title")).toBe("Needs a connection");
    expect(document.getElementById(save.getAttribute("aria-describedby")!)?.textContent).toBe("Needs a connection");
  });
});
