import type { Hono } from "hono";
import { generateSpecs } from "hono-openapi";
import type { AppEnv } from "@worker/env";

type Document = Awaited<ReturnType<typeof generateSpecs>>;
type Operation = Record<string, unknown> & { responses?: Record<string, unknown>; requestBody?: unknown; description?: string };

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

const isParameter = (segment: string) => segment.startsWith("{");

/**
 * The words a path's parameters never take because another path has them in that place (`/api/feeds/{eventId}/media`
 * beside `/api/feeds/{eventId}/{feedId}`: `{feedId}` is never `media`), by path. The spec names these paths, so they
 * stay; each such operation says it, which is what Redocly's no-ambiguous-paths asks.
 */
function wordsNotTaken(paths: string[]): Map<string, Map<string, Set<string>>> {
  const notes = new Map<string, Map<string, Set<string>>>();
  const split = paths.map((path) => path.split("/"));
  for (const [i, a] of split.entries()) {
    for (const b of split) {
      if (a === b || a.length !== b.length || !a.every((segment, k) => segment === b[k] || isParameter(segment) || isParameter(b[k]!)))
        continue;
      for (const [k, segment] of a.entries()) {
        if (!isParameter(segment) || isParameter(b[k]!)) continue;
        const byParameter = notes.get(paths[i]!) ?? new Map<string, Set<string>>();
        byParameter.set(segment, (byParameter.get(segment) ?? new Set()).add(b[k]!));
        notes.set(paths[i]!, byParameter);
      }
    }
  }
  return notes;
}

const listed = (words: Set<string>) => [...words].map((word) => `\`${word}\``).join(", ");

/**
 * The OpenAPI 3.1 document of the whole API, generated from the routes' zod schemas. What the mounts
 * decide is added here, in one place: every /api operation needs the bearer token (401 without it)
 * unless it states its own security, every other one says it needs none,
 * and every operation with a body answers 415 for a body of another media type.
 */
export async function openApiDocument(app: Hono<AppEnv>): Promise<Document> {
  const document = await generateSpecs(app, {
    documentation: {
      // Relative: the document describes whichever deployment serves it.
      servers: [{ url: "/", description: "This deployment" }],
      info: {
        title: "Experiences API",
        version: "1.0.0",
        description:
          "The API of Experiences: accounts, experiences and their itineraries, documents and live updates. " +
          'Errors are always JSON `{ "error": "..." }` with a message meant for people.',
      },
      tags: [
        { name: "Accounts", description: "Registration with an e-mail code, sign-in, Google, refresh, logout and password reset." },
        { name: "Profile", description: "The signed-in user." },
        { name: "Experiences", description: "Multi-day events: create, list, open, change, copy and delete." },
        {
          name: "Guests",
          description: "RSVPs: join or decline an experience, the attendee list, and the hosts' approvals and re-invitations.",
        },
        { name: "Itinerary", description: "The days of an experience, and the public itinerary behind a share link." },
        { name: "Activities", description: "The timed activities of a day, and activity templates." },
        { name: "Documents", description: "Common and per-guest documents of an experience." },
        { name: "Feed", description: "The social feed of an experience: posts with photos and videos, likes and comments." },
        { name: "Media", description: "Picture search (Unsplash, Pexels)." },
        { name: "Places", description: "Location search (Google Places, proxied so the key stays on the server)." },
        { name: "Live", description: "The event's WebSocket of changes, and the ticket that opens it." },
        { name: "Files", description: "Stored files behind signed URLs." },
        { name: "Config", description: "Which optional services this deployment has." },
        { name: "Documentation", description: "This document and its reference page." },
        { name: "Bulletin", description: "The organisers' announcements to an experience's guests." },
        { name: "Calendar", description: "A person's private calendar feed (iCalendar) of every experience they take part in." },
        { name: "Check-in", description: "Check-in lists, guests' passes, the scanner's sheet and admissions, online and offline." },
        { name: "Feed moderation", description: "Hiding, reporting and muting in an experience's feed." },
        { name: "Feedback forms", description: "An experience's feedback form, its answers and their export." },
        { name: "History", description: "Who changed what in an experience, for its organisers." },
        { name: "Notifications", description: "What changed, e-mail and push switches, push subscriptions and mail links." },
        { name: "Unsubscribe", description: "The page and the one-click link that stop invitation e-mails." },
        { name: "Development", description: "Development only: the demo seed and the mailbox." },
      ],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: "http",
            scheme: "bearer",
            bearerFormat: "JWT",
            description: "The `authToken` from sign-in or a refresh (15 minutes).",
          },
        },
      },
    },
    excludeStaticFile: false,
    defaultValidationErrorResponse: errorResponse("The input is invalid; `error` names the problem"),
  });
  const notTaken = wordsNotTaken(Object.keys(document.paths));
  for (const [path, item] of Object.entries(document.paths)) {
    for (const operation of Object.values(item ?? {}) as Operation[]) {
      if (!operation || typeof operation !== "object" || !("responses" in operation)) continue;
      const words = notTaken.get(path);
      if (words) {
        const note = [...words].map(([parameter, taken]) => `${parameter} is never ${listed(taken)}`).join("; ");
        operation.description =
          `${operation.description ?? ""} Its path is not another's: ${note} (those are operations of their own).`.trim();
      }
      operation.responses ??= {};
      // An operation that states its own security (the live socket takes a ticket) keeps it.
      if (path.startsWith("/api/") && !operation.security) {
        operation.security = [{ bearerAuth: [] }];
        operation.responses["401"] ??= errorResponse("Not signed in, or the session has ended");
      }
      // Everything else is open: said so, rather than left for a reader to guess.
      operation.security ??= [];
      if (operation.requestBody) {
        operation.responses["415"] ??= errorResponse("The body is not of the media type this operation reads");
        operation.responses["413"] ??= errorResponse("The body is too large");
      }
    }
  }
  return document;
}
