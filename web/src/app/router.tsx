import { lazy } from "react";
import { Navigate, type RouteObject } from "react-router-dom";
import { LandingLayout, PageLoading, PlainLayout, RootLayout, SignedInLayout } from "./layouts";
import { RouteError } from "./route-error";
import { SiteFooter } from "./site-footer";

// Every page is its own chunk, so the landing page and the public itinerary load only what they show.
const page = {
  landing: async () => ({ Component: (await import("@web/features/landing/landing-page")).LandingPage }),
  privacy: async () => ({ Component: (await import("@web/features/legal/legal-pages")).PrivacyPolicyPage }),
  terms: async () => ({ Component: (await import("@web/features/legal/legal-pages")).TermsOfServicePage }),
  contact: async () => ({ Component: (await import("@web/features/legal/legal-pages")).ContactUsPage }),
  resetPassword: async () => ({ Component: (await import("@web/features/auth/reset-password-page")).ResetPasswordPage }),
  unsubscribe: async () => ({ Component: (await import("@web/features/unsubscribe/unsubscribe-page")).UnsubscribePage }),
  pass: async () => ({ Component: (await import("./routes/pass")).PassRoute }),
  publicItinerary: publicItineraryPage,
  home: async () => ({ Component: (await import("./routes/home")).HomeRoute }),
  manage: async () => ({ Component: (await import("./routes/home")).ManageRoute }),
  event: () => experiencePage(false),
  manageEvent: () => experiencePage(true),
  profile: async () => ({ Component: (await import("./routes/profile")).ProfileRoute }),
  profileEdit: async () => ({ Component: (await import("@web/features/profile/profile-edit-page")).ProfileEditPage }),
  notificationPreferences: async () => ({
    Component: (await import("@web/features/notifications/notification-preferences-page")).NotificationPreferencesPage,
  }),
  notificationLink: async () => ({
    Component: (await import("@web/features/notifications/notification-link-page")).NotificationLinkPage,
  }),
};

/** The experience's page, composed from the features in routes/experience.tsx. */
async function experiencePage(manage: boolean) {
  const { ExperienceRoute } = await import("./routes/experience");
  return { Component: () => <ExperienceRoute manageRoute={manage} /> };
}

// A public experience's Social tab on the share link's page; its chunk loads only when the tab is opened.
const PublicFeedTab = lazy(async () => ({ default: (await import("@web/features/feed/public-feed-tab")).PublicFeedTab }));

/** The public itinerary with its Social tab, its Join and the app's footer: features import no other feature, so they meet here. */
async function publicItineraryPage() {
  const [{ PublicItineraryPage }, { PublicJoin }] = await Promise.all([
    import("@web/features/itinerary/public-itinerary-page"),
    import("@web/features/rsvp/public-join"),
  ]);
  return { Component: () => <PublicItineraryPage feedTab={PublicFeedTab} join={PublicJoin} footer={SiteFooter} /> };
}

// The experience page's tabs; the page itself redirects a tab the person may not see to the itinerary.
const experienceTabs: RouteObject[] = [
  { path: "itinerary", lazy: async () => ({ Component: (await import("@web/features/itinerary/itinerary-tab")).ItineraryTab }) },
  { path: "social", lazy: async () => ({ Component: (await import("@web/features/feed/feed-tab")).FeedTab }) },
  { path: "attendees", lazy: async () => ({ Component: (await import("@web/features/attendees/attendees-tab")).AttendeesTab }) },
  { path: "checkin", lazy: async () => ({ Component: (await import("@web/features/checkin/checkin-tab")).CheckinTab }) },
  { path: "documents", lazy: async () => ({ Component: (await import("./routes/documents-tab")).DocumentsTabRoute }) },
  { path: "bulletin", lazy: async () => ({ Component: (await import("@web/features/bulletin/bulletin-tab")).BulletinTab }) },
  { path: "feedback", lazy: async () => ({ Component: (await import("@web/features/feedback/feedback-tab")).FeedbackTab }) },
  { path: "*", element: null },
];

const publicRoutes: RouteObject[] = [
  { path: "privacy-policy", lazy: page.privacy },
  { path: "terms-of-service", lazy: page.terms },
  { path: "contact-us", lazy: page.contact },
  { path: "itinerary/:eventId/*", lazy: page.publicItinerary },
  {
    element: <PlainLayout />,
    children: [
      { path: "reset-password/:resetPasswordId?", lazy: page.resetPassword },
      { path: "unsubscribe", lazy: page.unsubscribe },
      { path: "notifications", lazy: page.notificationLink },
    ],
  },
  { path: "pass", lazy: page.pass },
];

const toExperiences = <Navigate to="/manage/experiences" replace />;

/**
 * Every page sits inside the root layout, under one error element: a page whose code cannot load (offline) or that
 * throws shows RouteError there, so the offline toasts stay. Until the first page's code has loaded, PageLoading.
 */
const withinRoot = (pages: RouteObject[]): RouteObject[] => [
  { element: <RootLayout />, hydrateFallbackElement: <PageLoading />, children: [{ errorElement: <RouteError />, children: pages }] },
];

export const signedInRoutes = withinRoot([
  ...publicRoutes,
  {
    element: <SignedInLayout />,
    children: [
      { index: true, lazy: page.home },
      { path: "experiences/:eventId", lazy: page.event, children: experienceTabs },
      { path: "events/:eventId", lazy: page.event, children: experienceTabs },
      { path: "manage", element: toExperiences },
      { path: "manage/events", element: toExperiences },
      { path: "manage/:tab/:schedule?", lazy: page.manage },
      { path: "manage/:tab/:schedule/:eventId", lazy: page.manageEvent, children: experienceTabs },
      { path: "profile", lazy: page.profile },
      { path: "profile/edit", lazy: page.profileEdit },
      { path: "profile/notifications", lazy: page.notificationPreferences },
      { path: "*", element: <Navigate to="/" replace /> },
    ],
  },
]);

/** Signed out: the public pages, and everything else shows the landing and sign-in experience. */
export const signedOutRoutes = withinRoot([...publicRoutes, { element: <LandingLayout />, children: [{ path: "*", lazy: page.landing }] }]);
