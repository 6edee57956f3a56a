import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter, Outlet, Route, Routes } from "react-router-dom";
import type { EventDetail } from "../../../worker/features/events/events.schema";
import { Toaster } from "../components/ui/toast";
import type { EventTabContext } from "../lib/event-context";
import { session } from "../lib/session";
import { anEvent, aUser } from "./fixtures";

/**
 * A tab of the event page as the signed-in "me" sees it (the owner unless `event` says otherwise), inside the
 * page's outlet; the query client is returned so a test can refetch as a live change does.
 */
export function renderEventTab(tab: ReactElement, event: Partial<EventDetail> = {}) {
  session.save({ authToken: "a", refreshToken: "r", user: aUser({ guid: "me" }) });
  const shown = anEvent(event);
  const context: EventTabContext = { event: shown, manage: false, canEdit: shown.isOwner || shown.isHost };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Routes>
          <Route element={<Outlet context={context} />}>
            <Route index element={tab} />
          </Route>
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, client };
}

/** The tab as a host who is not the owner. */
export const asHost = { isOwner: false, isHost: true } as const;
/** The tab as an attending guest. */
export const asGuest = { isOwner: false, isHost: false, isGuest: true } as const;
