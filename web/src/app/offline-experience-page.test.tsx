import { onlineManager, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { persistQueryClientRestore, persistQueryClientSave, type PersistQueryClientOptions } from "@tanstack/react-query-persist-client";
import { act, render, screen, waitFor } from "@testing-library/react";
import { http, HttpResponse, type PathParams } from "msw";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ExperienceRoute } from "@web/app/routes/experience";
import { activeForm } from "@web/features/feedback/feedback.test-support";
import { ItineraryTab } from "@web/features/itinerary/itinerary-tab";
import { aPass, answerPass } from "@web/features/pass/pass.test-support";
import { own, selfRsvp } from "@web/features/rsvp/rsvp.test-support";
import { offlinePersistOptions, type OfflineStorage } from "@web/lib/offline-cache";
import { changeKeys, experienceKeys } from "@web/lib/queries/query-keys";
import { session } from "@web/lib/session";
import { aDay, anActivity, anExperience, aUser } from "@web/test/fixtures";
import { server } from "@web/test/server";
import { readerIn } from "@web/test/viewer-zone";
import type { ExperienceDetail } from "@worker/features/experiences/experiences.schema";
import type { Changes } from "@worker/features/notifications/notifications.schema";

// The live socket is tested in hooks/use-live; here the page is read from the cache and the API.
vi.mock("@web/hooks/use-live", () => ({ useExperienceLive: () => undefined, useLiveMessages: () => undefined }));

const guestExperience = anExperience({
  isOwner: false,
  isGuest: true,
  programs: [aDay({ activities: [anActivity({ name: "Tram 28" })] })],
});
const FETCHED_AT = Date.parse("2027-03-12T15:42:00Z");

function renderPage(client: QueryClient, path = "/experiences/ev1/itinerary") {
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="experiences/:eventId" element={<ExperienceRoute manageRoute={false} />}>
            <Route path="itinerary" element={<ItineraryTab />} />
          </Route>
          <Route path="manage/:tab/:schedule/:eventId" element={<ExperienceRoute manageRoute />}>
            <Route path="itinerary" element={<ItineraryTab />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });
const asPersisted = (client: QueryClient) => client as unknown as PersistQueryClientOptions["queryClient"];

beforeEach(() => {
  session.save({ authToken: "a", refreshToken: "r", user: aUser({ guid: "me" }) });
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.parse("2027-03-12T18:00:00Z"));
  // Back online, the page refetches what it shows.
  server.use(
    http.get<PathParams, never, ExperienceDetail>("/api/events/ev1", () => HttpResponse.json(guestExperience)),
    http.get<PathParams, never, Changes>("/api/events/ev1/changes", () => HttpResponse.json({ changes: [], lastSeq: 7, seenSeq: 7 })),
  );
  // The rest of the page: the guest is going, holds a pass, and no feedback form is open.
  selfRsvp(own("YES"));
  answerPass(aPass());
  activeForm({ form: null, answered: false, canAnswer: false });
});
afterEach(() => {
  act(() => onlineManager.setOnline(true));
  vi.useRealTimers();
});

describe("the event page offline", () => {
  it("after an offline reload shows the kept itinerary and 'Offline — updated 10:42 AM EST' on the reader's clock", async () => {
    readerIn("America/New_York");
    const device = new Map<string, string>();
    const storage: OfflineStorage = {
      getItem: async (key) => device.get(key),
      setItem: async (key, value) => void device.set(key, value),
      removeItem: async (key) => void device.delete(key),
      keys: async () => [...device.keys()],
      clear: async () => device.clear(),
    };
    const before = newClient();
    before.setQueryData(experienceKeys.detail("ev1"), guestExperience, { updatedAt: FETCHED_AT });
    await persistQueryClientSave({ ...offlinePersistOptions("me", storage), queryClient: asPersisted(before) });

    onlineManager.setOnline(false);
    const reloaded = newClient();
    await persistQueryClientRestore({ ...offlinePersistOptions("me", storage), queryClient: asPersisted(reloaded) });
    renderPage(reloaded);

    expect(await screen.findByText("Tram 28")).toBeTruthy();
    expect(screen.getByRole("status", { name: "" }).textContent).toBe("Offline — updated 10:42 AM EST");
  });

  it("disables manage mode's editing with 'Needs a connection'", async () => {
    const client = newClient();
    client.setQueryData(experienceKeys.detail("ev1"), anExperience(), { updatedAt: FETCHED_AT });
    onlineManager.setOnline(false);
    renderPage(client, "/manage/experiences/upcoming/ev1/itinerary");
    const settings = await screen.findByRole("button", { name: "Settings" });
    expect(settings.matches(":disabled")).toBe(true);
    const form = settings.closest("fieldset")!;
    expect(document.getElementById(form.getAttribute("aria-describedby")!)?.textContent).toBe("Needs a connection");
    act(() => onlineManager.setOnline(true));
    expect(settings.matches(":disabled")).toBe(false);
  });

  it("back online, refetches the experience and lists 'While you were offline' what changed since it went offline", async () => {
    let reads = 0;
    const sinceAsked: string[] = [];
    server.use(
      http.get<PathParams, never, ExperienceDetail>("/api/events/ev1", () => {
        reads++;
        return HttpResponse.json(guestExperience);
      }),
      http.get<PathParams, never, Changes>("/api/events/ev1/changes", ({ request }) => {
        const since = new URL(request.url).searchParams.get("since");
        sinceAsked.push(since ?? "");
        // Asked as the page opens, the change is not made yet; it is made while the page is offline.
        if (since === null) return HttpResponse.json<Changes>({ changes: [], lastSeq: 7, seenSeq: 7 });
        const change = { seq: 8, kind: "itinerary", subjectType: "activity", subjectId: "a1", actorName: null };
        return HttpResponse.json({
          changes: [{ ...change, text: "Tram 28 now starts at 10:00 AM", at: "2027-03-12T17:00:00.000Z" }],
          lastSeq: 8,
          seenSeq: 7,
        } as Changes);
      }),
    );
    const client = newClient();
    client.setQueryData(experienceKeys.detail("ev1"), guestExperience, { updatedAt: FETCHED_AT });
    client.setQueryData<Changes>(changeKeys.event("ev1"), { changes: [], lastSeq: 7, seenSeq: 7 });
    renderPage(client);
    await screen.findByText("Tram 28");
    act(() => onlineManager.setOnline(false));
    expect(await screen.findByText(/^Offline — updated/)).toBeTruthy();
    const readsOffline = reads;

    // A minute offline: the experience (fresh for 2 s) is stale when the connection comes back.
    vi.setSystemTime(Date.now() + 60_000);
    act(() => onlineManager.setOnline(true));
    const banner = await screen.findByRole("region", { name: "While you were offline" });
    expect(banner.textContent).toContain("Tram 28 now starts at 10:00 AM");
    expect(sinceAsked).toContain("7");
    await waitFor(() => expect(reads).toBeGreaterThan(readsOffline));
    expect(screen.queryByText(/^Offline — updated/)).toBeNull();
  });
});
