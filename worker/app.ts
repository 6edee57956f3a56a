import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { requestId } from "hono/request-id";
import type { AppEnv } from "./env";
import { activitiesRoutes } from "./features/activities/activities.routes";
import { aiRoutes } from "./features/ai/ai.routes";
import { accountRoutes, authRoutes } from "./features/auth/auth.routes";
import { bulletinRoutes } from "./features/bulletin/bulletin.routes";
import { configRoutes } from "./features/config/config.routes";
import { devRoutes } from "./features/dev/dev.routes";
import { mountDocs } from "./features/docs/docs.routes";
import { documentsRoutes } from "./features/documents/documents.routes";
import { eventsRoutes } from "./features/events/events.routes";
import { feedRoutes, publicFeedRoutes } from "./features/feed/feed.routes";
import { feedbackRoutes } from "./features/feedback/feedback.routes";
import { mediaUploadRoutes } from "./features/feed/media-upload.routes";
import { filesRoutes } from "./features/files/files.routes";
import { itineraryPageRoutes, publicItineraryRoutes } from "./features/itinerary/itinerary.routes";
import { liveRoutes, liveTicketRoutes } from "./features/live/live.routes";
import { mediaRoutes } from "./features/media/media.routes";
import { placesRoutes } from "./features/places/places.routes";
import { profileRoutes } from "./features/profile/profile.routes";
import { programsRoutes } from "./features/programs/programs.routes";
import { peopleRoutes } from "./features/rsvp/people.routes";
import { rsvpRoutes } from "./features/rsvp/rsvp.routes";
import { searchRoutes } from "./features/search/search.routes";
import { readUser, requireUser } from "./lib/auth/middleware";
import { developmentOnPublicHost, unsafeProductionSecrets } from "./lib/config";
import { AppError } from "./lib/errors";
import { EXPERIENCE_CHANGED } from "./lib/itinerary/experience-write";
import { securityHeaders } from "./lib/security-headers";

// Sub-apps are copied when mounted, so each is complete before it is passed to .route().
const api = new Hono<AppEnv>()
  .use(requireUser)
  .route("/profile", profileRoutes)
  .route("/events", eventsRoutes)
  .route("/events/:eventId/programs", programsRoutes)
  .route("/events/:eventId/programs/:dayId/activity", activitiesRoutes)
  .route("/events/:eventId/form", feedbackRoutes)
  .route("/events/:eventId", peopleRoutes)
  .route("/search", searchRoutes)
  .route("/v2/media", mediaRoutes)
  .route("/v2/cpai", aiRoutes)
  .route("/places", placesRoutes)
  .route("/documents", documentsRoutes)
  .route("/rsvp", rsvpRoutes)
  .route("/bulletin", bulletinRoutes)
  .route("/feeds/:eventId/media", mediaUploadRoutes)
  .route("/feeds", feedRoutes);

const app = new Hono<AppEnv>()
  .use(async (c, next) => {
    const unsafe = unsafeProductionSecrets(c.env);
    if (unsafe.length > 0) {
      console.error(`Refusing to serve: production secrets missing or at development defaults: ${unsafe.join(", ")}`);
      throw new AppError(500, "The server is not configured.");
    }
    if (developmentOnPublicHost(c.env, c.req.url)) {
      console.error("Refusing to serve: development settings on a public host (deploy with --env production)");
      throw new AppError(500, "The server is not configured.");
    }
    return next();
  })
  // The live route comes before the header-changing middleware: they would break its 101 response.
  .route("/", liveRoutes)
  .use(requestId())
  .use(securityHeaders)
  .use(readUser)
  .route("/auth", authRoutes)
  .route("/oapi/config", configRoutes)
  .route("/oapi/itinerary", publicItineraryRoutes)
  .route("/oapi/feeds", publicFeedRoutes)
  .route("/oapi", accountRoutes)
  .route("/oapi", liveTicketRoutes)
  .route("/itinerary", itineraryPageRoutes)
  .route("/dev", devRoutes)
  .route("/files", filesRoutes)
  .route("/api", api);

mountDocs(app);

app.notFound((c) => c.json({ error: "Not found" }, 404));

app.onError((err, c) => {
  if (err instanceof HTTPException) {
    if (err.res) return err.res;
    return c.json({ error: err.message }, err.status);
  }
  // A row that names one deleted meanwhile (an upload racing the experience's deletion) is a lost race, not a fault.
  if (isForeignKeyFailure(err)) return c.json({ error: EXPERIENCE_CHANGED }, 409);
  console.error(`[${c.get("requestId") ?? "-"}]`, err);
  return c.json({ error: "Something went wrong. Please try again." }, 500);
});

function isForeignKeyFailure(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) if (e.message.includes("FOREIGN KEY constraint failed")) return true;
  return false;
}

export default app;
export type AppType = typeof app;
