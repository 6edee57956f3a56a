import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { http, HttpResponse, type PathParams } from "msw";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { useExperienceTab } from "@web/hooks/use-experience-tab";
import { scheduleStatus } from "@web/lib/dates";
import { anExperience } from "@web/test/fixtures";
import { server } from "@web/test/server";
import type { ExperienceDetail } from "@worker/features/experiences/experiences.schema";
import { ExperienceHeader } from "./components/experience-header";
import { ExperiencePageStatus, ExperienceScreen, ExperienceTabBar, PreviewNote, useExperiencePage } from "./experience-page";
import { ManageBreadcrumb } from "./manage-page";

// The live socket is tested in hooks/use-live; here the page is read once.
vi.mock("@web/hooks/use-live", () => ({ useExperienceLive: () => undefined }));

function TabProbe() {
  const { manage, canEdit } = useExperienceTab();
  return <p data-testid="tab">{`manage=${manage} canEdit=${canEdit}`}</p>;
}

/** The page as web/src/app/routes/experience.tsx composes it, with stand-ins for the other features' parts. */
function Page({
  manageRoute,
  rsvp = () => <p>RSVP row</p>,
  stubs = true,
}: {
  manageRoute: boolean;
  rsvp?: () => ReactNode;
  stubs?: boolean;
}) {
  const page = useExperiencePage(manageRoute);
  if (page.status !== "ready") return <ExperiencePageStatus page={page} />;
  const { event, manage, preview, base, current, manageTab, schedule } = page;
  return (
    <ExperienceScreen page={page}>
      {manageRoute && (
        <ManageBreadcrumb tab={manageTab} schedule={schedule} experienceName={event.name} isPrivate={event.privacy === "PRIVATE"} />
      )}
      <ExperienceHeader event={event} manage={manage} afterDelete={`/manage/${manageTab}/${schedule}`} />
      {preview ? <PreviewNote event={event} tab={current} /> : rsvp()}
      {stubs && !manage && <p>Next up, opening in {`${base}/itinerary`}</p>}
      {stubs && !manage && <p>Your pass</p>}
      <ExperienceTabBar page={page} />
    </ExperienceScreen>
  );
}

function openPage(path: string, event: Partial<ExperienceDetail> = {}) {
  server.use(
    http.get<PathParams, never, ExperienceDetail>("/api/events/ev1", () =>
      HttpResponse.json(anExperience({ subtitle: "Three days by the sea", description: "Tiles and trams.", ...event })),
    ),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="experiences/:eventId" element={<Page manageRoute={false} />}>
            <Route path="itinerary" element={<TabProbe />} />
          </Route>
          <Route path="manage/:tab/:schedule/:eventId" element={<Page manageRoute />}>
            <Route path="itinerary" element={<TabProbe />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("the owner's view route is the guests' page", () => {
  it("says 'Preview — this is what guests see' with an 'Edit' link to manage mode on the same tab, and offers no editing", async () => {
    openPage("/experiences/ev1/itinerary");
    const note = await screen.findByRole("region", { name: "Preview" });
    expect(note.textContent).toContain("Preview — this is what guests see");
    const schedule = scheduleStatus(anExperience().startTime, anExperience().endTime);
    expect(within(note).getByRole("link", { name: "Edit" }).getAttribute("href")).toBe(`/manage/experiences/${schedule}/ev1/itinerary`);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Lisbon weekend");
    expect(screen.queryByRole("textbox")).toBeNull();
    for (const name of ["Settings", "Share", "Clone", "Cover image"]) expect(screen.queryByRole("button", { name })).toBeNull();
    expect(screen.getByTestId("tab").textContent).toBe("manage=false canEdit=false");
    expect(screen.queryByText("RSVP row")).toBeNull();
    expect(screen.getByText("Three days by the sea")).toBeTruthy();
    expect(screen.getByText("Tiles and trams.")).toBeTruthy();
  });

  it("names the owner and the co-hosts, and puts 'Next up' before the tabs", async () => {
    openPage("/experiences/ev1/itinerary", {
      isOwner: false,
      isGuest: true,
      hosts: [{ guid: "u2", firstName: "Hal", lastName: "Cohost", profilePic: null }],
    });
    expect((await screen.findByText(/^Hosted by/)).textContent).toBe("Hosted by Maya Host and Hal Cohost");
    const nextUp = screen.getByText("Next up, opening in /experiences/ev1/itinerary");
    const tabs = screen.getByRole("navigation", { name: "Experience sections" });
    expect(nextUp.compareDocumentPosition(tabs) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("shows no 'Next up' and no pass in manage mode", async () => {
    openPage("/manage/experiences/upcoming/ev1/itinerary");
    await screen.findByRole("navigation", { name: "Experience sections" });
    expect(screen.queryByText(/^Next up/)).toBeNull();
    expect(screen.queryByText("Your pass")).toBeNull();
  });

  it("shows a guest who came from Home (the manage address) the guests' page: 'Next up' and their pass", async () => {
    openPage("/manage/experiences/upcoming/ev1/itinerary", { isOwner: false, isGuest: true });
    expect(await screen.findByText("Next up, opening in /manage/experiences/upcoming/ev1/itinerary")).toBeTruthy();
    expect(screen.getByText("Your pass")).toBeTruthy();
    expect(screen.getByTestId("tab").textContent).toBe("manage=false canEdit=false");
  });

  it("keeps the editing controls and the RSVP row in manage mode", async () => {
    openPage("/manage/experiences/upcoming/ev1/itinerary");
    expect(await screen.findByRole("button", { name: "Settings" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Clone" })).toBeTruthy();
    expect(screen.getByLabelText("Experience name")).toBeTruthy();
    expect(screen.getByTestId("tab").textContent).toBe("manage=true canEdit=true");
    expect(screen.getByText("RSVP row")).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Preview" })).toBeNull();
  });

  it("shows a guest the RSVP row, not the preview note", async () => {
    openPage("/experiences/ev1/itinerary", { isOwner: false, isGuest: true });
    expect(await screen.findByText("RSVP row")).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Preview" })).toBeNull();
  });

  it("answers a missing experience with an h1 'Event not found' and a way home", async () => {
    server.use(http.get("/api/events/gone", () => HttpResponse.json({ error: "Event not found" }, { status: 404 })));
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={["/experiences/gone/itinerary"]}>
          <Routes>
            <Route path="experiences/:eventId/*" element={<Page manageRoute={false} rsvp={() => null} stubs={false} />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Event not found");
    expect(screen.getByRole("link", { name: "Go to your experiences" }).getAttribute("href")).toBe("/");
  });

  it("words its dates as the experience's local dates and offers its calendar file to every reader", async () => {
    // A Tokyo experience of Mar 12–14, 2027: its midnights are 15:00Z the day before.
    openPage("/experiences/ev1/itinerary", {
      isOwner: false,
      isGuest: true,
      timeZone: "Asia/Tokyo",
      startTime: "2027-03-11T15:00:00.000Z",
      endTime: "2027-03-14T15:00:00.000Z",
    });
    expect((await screen.findByText(/^Mar 12 – Mar 14, 2027 · /)).textContent).toBe("Mar 12 – Mar 14, 2027 · 1 day");
    expect(screen.getByRole("link", { name: "Add to calendar" }).getAttribute("href")).toBe("/oapi/itinerary/ev1/calendar.ics");
  });
});
