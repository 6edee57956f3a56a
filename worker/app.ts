import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { requestId } from "hono/request-id";
import { EXPERIENCE_CHANGED } from "@worker/domain/experience-write";
import { aiRoutes } from "@worker/features/ai/ai.routes";
import { accountRoutes, authRoutes } from "@worker/features/auth/auth.routes";
import { bulletinRoutes } from "@worker/features/bulletin/bulletin.routes";
import { calendarRoutes, publicCalendarRoutes } from "@worker/features/calendar/calendar.routes";
import { checkinRoutes } from "@worker/features/checkin/checkin.routes";
import { passRoutes } from "@worker/features/checkin/pass.routes";
import { configRoutes } from "@worker/features/config/config.routes";
import { devRoutes } from "@worker/features/dev/dev.routes";
import { mountDocs } from "@worker/features/docs/docs.routes";
import { documentsRoutes } from "@worker/features/documents/documents.routes";
import { activitiesRoutes } from "@worker/features/experiences/activities.routes";
import { daysRoutes } from "@worker/features/experiences/days.routes";
import { experiencesRoutes } from "@worker/features/experiences/experiences.routes";
import { itineraryPageRoutes, publicItineraryRoutes } from "@worker/features/experiences/itinerary.routes";
import { feedRoutes, publicFeedRoutes } from "@worker/features/feed/feed.routes";
import { mediaUploadRoutes } from "@worker/features/feed/media-upload.routes";
import { moderationRoutes } from "@worker/features/feed/moderation.routes";
import { feedbackRoutes } from "@worker/features/feedback/feedback.routes";
import { filesRoutes } from "@worker/features/files/files.routes";
import { mailPicturesRoutes } from "@worker/features/files/mail-pictures.routes";
import { historyRoutes } from "@worker/features/history/history.routes";
import { liveRoutes, liveTicketRoutes } from "@worker/features/live/live.routes";
import { mediaRoutes } from "@worker/features/media/media.routes";
import { changesRoutes, notificationLinkRoutes, notificationsRoutes } from "@worker/features/notifications/notifications.routes";
import { placesRoutes } from "@worker/features/places/places.routes";
import { profileRoutes } from "@worker/features/profile/profile.routes";
import { invitationLinkRoutes } from "@worker/features/rsvp/invitation-link.routes";
import { pendingInvitationRoutes } from "@worker/features/rsvp/pending-invitation.routes";
import { peopleRoutes } from "@worker/features/rsvp/people.routes";
import { rsvpRoutes } from "@worker/features/rsvp/rsvp.routes";
import { waitlistRoutes } from "@worker/features/rsvp/waitlist.routes";
import { searchRoutes } from "@worker/features/search/search.routes";
import { signupsRoutes } from "@worker/features/signups/signups.routes";
import { unsubscribeRoutes } from "@worker/features/unsubscribe/unsubscribe.routes";
import { readUser, requireUser } from "@worker/lib/auth/middleware";
import { developmentOnPublicHost, unsafeProductionSecrets } from "@worker/lib/config";
import { AppError, causedBy, valuesIn } from "@worker/lib/errors";
import { i18nFor, requestLocale, withLanguage } from "@worker/lib/i18n";
import { securityHeaders } from "@worker/lib/security-headers";
import { spaFallback } from "@worker/lib/spa-fallback";
import type { AppEnv } from "./env";

// Sub-apps are copied when mounted, so each is complete before it is passed to .route().
const api = new Hono<AppEnv>()
  .use(requireUser)
  .route("/profile", profileRoutes)
  .route("/calendar", calendarRoutes)
  .route("/", aiRoutes)
  .route("/events", experiencesRoutes)
  .route("/events/:eventId/programs", daysRoutes)
  .route("/events/:eventId/programs/:dayId/activity", activitiesRoutes)
  .route("/events/:eventId/programs/:dayId/activity/:activityId", signupsRoutes)
  .route("/events/:eventId/form", feedbackRoutes)
  .route("/events/:eventId", peopleRoutes)
  .route("/events/:eventId/waitlist", waitlistRoutes)
  .route("/events/:eventId/invitations", pendingInvitationRoutes)
  .route("/events/:eventId", checkinRoutes)
  .route("/events/:eventId", passRoutes)
  .route("/events/:eventId/changes", changesRoutes)
  .route("/events/:eventId/history", historyRoutes)
  .route("/notifications", notificationsRoutes)
  .route("/search", searchRoutes)
  .route("/v2/media", mediaRoutes)
  .route("/places", placesRoutes)
  .route("/documents", documentsRoutes)
  .route("/rsvp", rsvpRoutes)
  .route("/bulletin", bulletinRoutes)
  .route("/feeds/:eventId/media", mediaUploadRoutes)
  .route("/feeds", moderationRoutes)
  .route("/feeds", feedRoutes);

const app = new Hono<AppEnv>()
  .use(withLanguage)
  .use(async (c, next) => {
    const unsafe = unsafeProductionSecrets(c.env);
    if (unsafe.length > 0) {
      console.error(`Refusing to serve: production secrets missing or at development defaults: ${unsafe.join(", ")}`);
      throw new AppError(500, /*i18n*/ "The server is not configured.");
    }
    if (developmentOnPublicHost(c.env, c.req.url)) {
      console.error("Refusing to serve: development settings on a public host (deploy with --env production)");
      throw new AppError(500, /*i18n*/ "The server is not configured.");
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
  .route("/oapi/calendar", publicCalendarRoutes)
  .route("/oapi/feeds", publicFeedRoutes)
  .route("/oapi/unsubscribe", unsubscribeRoutes)
  .route("/oapi/invitations", invitationLinkRoutes)
  .route("/oapi/notifications", notificationLinkRoutes)
  .route("/oapi", accountRoutes)
  .route("/oapi", liveTicketRoutes)
  .route("/itinerary", itineraryPageRoutes)
  .route("/dev", devRoutes)
  .route("/files", filesRoutes)
  .route("/mail-pictures", mailPicturesRoutes)
  .route("/api", api);

mountDocs(app);

app.notFound(spaFallback);

app.onError((err, c) => {
  // Every error in the caller's language: the message thrown is the English source of a catalog message.
  const i18n = c.get("i18n") ?? i18nFor(requestLocale(c.req.header("Accept-Language")));
  if (err instanceof HTTPException) {
    if (err.res) return err.res;
    return c.json({ error: i18n._(err.message, err instanceof AppError ? valuesIn(err.values, i18n) : undefined) }, err.status);
  }
  // A row that names one deleted meanwhile (an upload racing the experience's deletion) is a lost race, not a fault.
  if (causedBy(err, "FOREIGN KEY constraint failed")) return c.json({ error: i18n._(EXPERIENCE_CHANGED) }, 409);
  console.error(`[${c.get("requestId") ?? "-"}]`, err);
  return c.json({ error: i18n._("Something went wrong. Please try again.") }, 500);
});

export default app;
export type AppType = typeof app;
