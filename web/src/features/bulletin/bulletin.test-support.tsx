import { http, HttpResponse, type PathParams } from "msw";
import { renderExperienceTab, type TabRoute } from "@web/test/render-experience-tab";
import { server } from "@web/test/server";
import type { Bulletin } from "@worker/features/bulletin/bulletin.schema";
import type { ExperienceDetail } from "@worker/features/experiences/experiences.schema";
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

/** The tab as the owner (by default) sees it in manage mode (or on `route`), inside the event page's outlet; answers the query client too. */
export function renderTab(event: Partial<ExperienceDetail> = {}, route: TabRoute = {}) {
  return renderExperienceTab(<BulletinTab />, event, route);
}

export { asGuest, asHost, onViewRoute } from "@web/test/render-experience-tab";
