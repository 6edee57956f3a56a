import { http, HttpResponse, type PathParams } from "msw";
import { anExperience } from "@web/test/fixtures";
import { server } from "@web/test/server";
import type { Pass } from "@worker/features/checkin/checkin.schema";
import type { ExperienceDetail } from "@worker/features/experiences/experiences.schema";

// The pass calls of experience "ev1", as the pass card's tests answer them.
export const PASS = "/api/events/ev1/pass";
export const MAIL = "/api/events/ev1/pass/mail";
export const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path d="M4 4h7v7H4z"/></svg>';

export const aPass = (overrides: Partial<Pass> = {}): Pass => ({
  eventId: "ev1",
  rsvpId: "r1",
  serial: "0123456789abcdef",
  token: "a.b.c",
  qrSvg: SVG,
  issuedAt: "2027-03-01T09:00:00.000Z",
  name: "Gus Guest",
  checkedInAt: null,
  ...overrides,
});

/** Answers GET /pass with what `pass()` gives at the time of each request. */
export function answerPass(pass: Pass | (() => Pass)) {
  server.use(http.get<PathParams, never, Pass>(PASS, () => HttpResponse.json(typeof pass === "function" ? pass() : pass)));
}

/** An experience in Lisbon the viewer attends. */
export const attending = (overrides: Partial<ExperienceDetail> = {}) =>
  anExperience({ isOwner: false, isGuest: true, timeZone: "Europe/Lisbon", ...overrides });
