import { fireEvent, screen, within } from "@testing-library/react";
import { http, HttpResponse, type PathParams } from "msw";
import { vi } from "vitest";
import { anAttendeeNumbered } from "@web/test/fixtures";
import { renderExperienceTab, type TabRoute } from "@web/test/render-experience-tab";
import { server } from "@web/test/server";
import type { ExperienceDetail } from "@worker/features/experiences/experiences.schema";
import type { Attendee } from "@worker/features/rsvp/rsvp.schema";
import { AttendeesTab } from "./attendees-tab";

// The Attendees tab tests share one fake API (MSW) and one way to open the tab as someone.

export const LIST = "/api/rsvp/event/ev1";

let nextId = 1;

/** An attending guest with an account; override the status or the person. */
export function anAttendee(overrides: Partial<Omit<Attendee, "user">> = {}, user: Partial<Attendee["user"]> = {}): Attendee {
  return anAttendeeNumbered(nextId++, overrides, user);
}

/** The names on the rows in view, top to bottom. */
export const rowNames = () =>
  within(screen.getByRole("list", { name: "Attendees" }))
    .getAllByRole("listitem")
    .map((li) => li.querySelector("p bdi")!.textContent);
/** Opens 'Filter by Tags': its group, and the tags it offers, in order. */
export function openTagFilter() {
  fireEvent.click(screen.getByRole("button", { name: "Filter by Tags" }));
  const group = screen.getByRole("group", { name: "Filter by Tags" });
  const offered = within(group)
    .getAllByRole("checkbox")
    .map((box) => box.closest("label")!.textContent);
  return { group, offered };
}
export const search = (text: string) =>
  fireEvent.change(screen.getByRole("searchbox", { name: "Search attendees" }), { target: { value: text } });

/**
 * The list the server sends; `asGuest`, when given, is its answer to `?as=guest` (what it sends a guest, which
 * the view route's preview asks for). Without it, every request gets `attendees`.
 */
export function attendeeList(attendees: Attendee[], { asGuest }: { asGuest?: Attendee[] } = {}) {
  server.use(
    http.get<PathParams, never, Attendee[]>(LIST, ({ request }) => {
      const as = new URL(request.url).searchParams.get("as");
      if (as !== null && as !== "guest") return HttpResponse.json({ error: "as must be guest" } as never, { status: 400 });
      return HttpResponse.json(as === "guest" && asGuest ? asGuest : attendees);
    }),
  );
}

/** The row as the server sends it to a guest: no e-mail address, and only the person's own profile tags. */
export function guestsCopy({ user: { emailId: _hidden, ...user }, ...rsvp }: Attendee, profileTags: string[] = user.tags): Attendee {
  return { ...rsvp, user: { ...user, tags: profileTags } };
}

/**
 * The tab as `viewer` (guid "me") sees it in manage mode (or on `route`), inside the event page's outlet. jsdom lays nothing out, so the
 * list's scroll box is given a height: the virtual list then shows one window of rows. The query client is
 * returned so a test can refetch, as a live change does.
 */
export function renderTab(
  event: Partial<ExperienceDetail> = {},
  { viewportHeight = 600, route }: { viewportHeight?: number } & TabRoute = {},
) {
  vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(viewportHeight);
  return renderExperienceTab(<AttendeesTab />, event, { route });
}

export { asGuest, asHost, onViewRoute } from "@web/test/render-experience-tab";
