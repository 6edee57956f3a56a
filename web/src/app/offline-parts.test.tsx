import { onlineManager, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DocumentGrid } from "@web/features/documents/components/document-grid";
import { FeedList } from "@web/features/feed/components/feed-list";
import { RsvpHeader } from "@web/features/rsvp/rsvp-header";
import { session } from "@web/lib/session";
import { anExperience, aUser } from "@web/test/fixtures";

// Offline, after the experience was loaded once: what the device did not keep says it needs a connection instead of
// waiting for ever (docs/offline.md).

function renderOffline(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  session.save({ authToken: "a", refreshToken: "r", user: aUser({ guid: "u2" }) });
  onlineManager.setOnline(false);
});
afterEach(() => {
  cleanup(); // before the network returns, so the paused queries are not sent
  act(() => onlineManager.setOnline(true));
  session.clear();
});

describe("offline, what the device did not keep", () => {
  it("Social says the feed needs a connection instead of spinning", async () => {
    renderOffline(<FeedList eventId="ev1" source="api" viewer={{ kind: "participant", guid: "u2" }} />);
    expect((await screen.findByRole("status")).textContent).toBe(
      "The feed needs a connection: it is not kept on this device. It shows once you are back online.",
    );
    expect(screen.queryByLabelText("Loading posts")).toBeNull();
  });

  it("Common Documents say they need a connection instead of an empty heading", async () => {
    renderOffline(
      <DocumentGrid eventId="ev1" owner="common" label="Common Documents" emptyText="No common documents yet." canDelete={false} />,
    );
    expect((await screen.findByRole("status")).textContent).toBe(
      "Common Documents need a connection: they are not kept on this device. They show once you are back online.",
    );
  });

  it("the RSVP row, never kept, says the answer shows once back online instead of a grey placeholder", async () => {
    renderOffline(<RsvpHeader event={anExperience({ isOwner: false, isGuest: true })} manage={false} />);
    expect(await screen.findByText("Your answer shows once you are back online")).toBeTruthy();
    expect(screen.queryByLabelText("Loading your RSVP")).toBeNull();
  });
});
