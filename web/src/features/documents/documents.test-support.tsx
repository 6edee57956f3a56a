import { http, HttpResponse, type PathParams } from "msw";
import { anAttendeeNumbered } from "@web/test/fixtures";
import { renderExperienceTab, type TabRoute } from "@web/test/render-experience-tab";
import { server } from "@web/test/server";
import type { DocumentView } from "@worker/features/documents/documents.schema";
import type { ExperienceDetail } from "@worker/features/experiences/experiences.schema";
import type { Attendee } from "@worker/features/rsvp/rsvp.schema";
import { DocumentsTab } from "./documents-tab";

// The Documents tab tests share one fake API (MSW) and one way to open the tab as someone (guid "me").

const RSVP_LIST = "/api/rsvp/event/ev1";
export const documentsOf = (owner: string) => `/api/documents/event/ev1/user/${owner}`;

let nextId = 1;

/** A PDF uploaded by the host Hana Host on 1 March 2027; override what a test is about. */
export function aDocument(overrides: Partial<DocumentView> = {}): DocumentView {
  const n = nextId++;
  return {
    id: `d${n}`,
    type: "pdf",
    otherDocumentType: null,
    mimeType: "application/pdf",
    name: `document-${n}.pdf`,
    document: { original: `/files/f${n}?e=1&s=sig` },
    thirdPartyUploader: { firstName: "Hana", lastName: "Host" },
    createdAt: "2027-03-01T10:00:00.000Z",
    ...overrides,
  };
}

/** Someone on the RSVP list, attending unless told otherwise. */
export function anRsvp(status: Attendee["status"], user: Partial<Attendee["user"]> & { firstName: string }): Attendee {
  const n = nextId++;
  return anAttendeeNumbered(n, { status }, { lastName: "", emailId: `p${n}@example.com`, ...user });
}

export function rsvpList(attendees: Attendee[]) {
  server.use(http.get<PathParams, never, Attendee[]>(RSVP_LIST, () => HttpResponse.json(attendees)));
}

/** Answers each list (`common` or a guid) with its documents; every list asked for is recorded. */
export function documentLists(lists: Record<string, DocumentView[]>) {
  const asked: string[] = [];
  server.use(
    http.get<{ userId: string }, never, DocumentView[]>("/api/documents/event/ev1/user/:userId", ({ params }) => {
      asked.push(params.userId);
      return HttpResponse.json(lists[params.userId] ?? []);
    }),
  );
  return asked;
}

/** The tab as the signed-in "me" sees it in manage mode (or on `route`), inside the event page's outlet; the query client is returned so a test can refetch as a live change does. */
export function renderTab(event: Partial<ExperienceDetail> = {}, route: TabRoute = {}) {
  return renderExperienceTab(<DocumentsTab />, event, route);
}

export { asGuest, asHost, onViewRoute } from "@web/test/render-experience-tab";
