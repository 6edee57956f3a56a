import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { http, HttpResponse, type PathParams } from "msw";
import { MemoryRouter, Outlet, Route, Routes } from "react-router-dom";
import type { Bulletin } from "../../../../worker/features/bulletin/bulletin.schema";
import type { EventDetail } from "../../../../worker/features/events/events.schema";
import { Toaster } from "../../components/ui/toast";
import type { EventTabContext } from "../../lib/event-context";
import { session } from "../../lib/session";
import { anEvent, aUser } from "../../test/fixtures";
import { server } from "../../test/server";
import { BulletinTab } from "./bulletin-tab";

// The Bulletin tab tests share one fake API (MSW) and one way to open the tab as someone.

export const LIST = "/api/bulletin/ev1";
export const ONE = "/api/bulletin/ev1/:bulletinId";

let nextId = 1;

/** A bulletin of event ev1 posted by its owner; override any field. */
export function aBulletin(overrides: Partial<Bulletin> = {}): Bulletin {
  const n = nextId++;
  return {
    id: `b${n}`,
    eventId: "ev1",
    title: `Bulletin ${n}`,
    description: `Details ${n}`,
    media: null,
    mimeType: null,
    author: { guid: "u1", firstName: "Maya", lastName: "Host", profilePic: null },
    timestamp: "2027-03-12T09:30:00.000Z",
    ...overrides,
  };
}

/** The server's list, newest first, as it answers it. */
export function bulletinList(bulletins: Bulletin[]) {
  server.use(http.get<PathParams, never, Bulletin[]>(LIST, () => HttpResponse.json(bulletins)));
}

/** The tab as the owner (by default) sees it, inside the event page's outlet; answers the query client too. */
export function renderTab(event: Partial<EventDetail> = {}) {
  session.save({ authToken: "a", refreshToken: "r", user: aUser({ guid: "me" }) });
  const shown = anEvent(event);
  const context: EventTabContext = { event: shown, manage: false, canEdit: shown.isOwner || shown.isHost };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Routes>
          <Route element={<Outlet context={context} />}>
            <Route index element={<BulletinTab />} />
          </Route>
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, client };
}

export const asHost = { isOwner: false, isHost: true } as const;
export const asGuest = { isOwner: false, isHost: false, isGuest: true } as const;
