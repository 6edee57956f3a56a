import { http, HttpResponse, type PathParams } from "msw";
import type { RsvpStatus } from "@web/components/rsvp-badge/rsvp-badge";
import { server } from "@web/test/server";
import type { OwnRsvp } from "@worker/features/rsvp/rsvp.schema";

// The RSVP calls of experience "ev1", as the RSVP header's and the share page's Join tests answer them.
export const SELF = "/api/rsvp/event/self/ev1";
export const RESPOND = "/api/rsvp/respond/ev1";

export const own = (status: RsvpStatus, waitlistPosition: number | null = null): OwnRsvp => ({
  id: "r1",
  status,
  onboardStatus: null,
  waitlistPosition,
});

export function selfRsvp(rsvp: OwnRsvp | null) {
  server.use(http.get<PathParams, never, { rsvp: OwnRsvp | null }>(SELF, () => HttpResponse.json({ rsvp })));
}

/** Answers the PUT with `status` and records the bodies it was sent. */
export function respondWith(status: RsvpStatus) {
  const sent: unknown[] = [];
  server.use(
    http.put<PathParams, { status: string }, OwnRsvp>(RESPOND, async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json(own(status));
    }),
  );
  return sent;
}
