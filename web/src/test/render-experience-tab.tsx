import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter, Outlet, Route, Routes } from "react-router-dom";
import { Toaster } from "@web/components/ui/toast";
import type { ExperienceTabContext } from "@web/hooks/use-experience-tab";
import { session } from "@web/lib/session";
import type { ExperienceDetail } from "@worker/features/experiences/experiences.schema";
import { anExperience, aUser } from "./fixtures";

/** Which route the page was opened on: manage mode (/manage/…) or the view route, where an organiser previews the guests' page. */
export interface TabRoute {
  route?: "manage" | "view";
}

/**
 * A tab of the event page as the signed-in "me" sees it (the owner unless `event` says otherwise), inside the
 * page's outlet, in manage mode unless `route` says "view"; the query client is returned so a test can refetch
 * as a live change does.
 */
export function renderExperienceTab(tab: ReactElement, event: Partial<ExperienceDetail> = {}, { route = "manage" }: TabRoute = {}) {
  session.save({ authToken: "a", refreshToken: "r", user: aUser({ guid: "me" }) });
  const shown = anExperience(event);
  // As the event page decides it: manage mode is the manage route opened by an owner or host.
  const manage = route === "manage" && (shown.isOwner || shown.isHost);
  const context: ExperienceTabContext = { event: shown, manage, canEdit: manage };
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

/** The tab on the view route: an owner or host sees the guests' preview. */
export const onViewRoute: TabRoute = { route: "view" };
/** The tab as a host who is not the owner. */
export const asHost = { isOwner: false, isHost: true } as const;
/** The tab as an attending guest. */
export const asGuest = { isOwner: false, isHost: false, isGuest: true } as const;
