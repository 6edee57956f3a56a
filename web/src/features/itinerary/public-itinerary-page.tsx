import { useQuery } from "@tanstack/react-query";
import { Suspense, type ComponentType } from "react";
import { Link, Navigate, NavLink, useParams } from "react-router-dom";
import { CoverPicture } from "@web/components/experience-card/cover-picture";
import { HostsList } from "@web/components/hosts-list/hosts-list";
import { Logo } from "@web/components/ui/logo";
import { MAIN_ID } from "@web/components/ui/skip-link";
import { FullPageSpinner, Spinner } from "@web/components/ui/spinner";
import { TitleAndSubtitle } from "@web/components/ui/title-and-subtitle";
import { UserText } from "@web/components/ui/user-text";
import { VenueLine } from "@web/components/venue-line/venue-line";
import { useExperienceLive } from "@web/hooks/use-live";
import { itineraryMeta, usePageMeta } from "@web/hooks/use-page-meta";
import { formatDateRange } from "@web/lib/dates";
import { dayCount } from "@web/lib/experience-words";
import { useI18n } from "@web/lib/i18n";
import { COVER_SIZES } from "@worker/shared/image-variants";
import { publicItineraryQueryOptions } from "./api/get-public-itinerary";
import { NextUpCard } from "./components/next-up-card";
import { PublicItineraryBody } from "./components/public-itinerary-body";
import { Going } from "./public/going";
import { PublicActions, type PublicJoinSlot } from "./public/public-actions";
import { PublicLoadError } from "./public/public-load-error";
import { SignedInAs } from "./public/signed-in-as";

/** The Social tab of a public experience (features/social), handed in by the app's router. */
type PublicFeedSlot = ComponentType<{ eventId: string; timeZone: string }>;

/** What the router hands the page: features/social's tab, features/rsvp's Join, and the shell's footer. */
interface PublicSlots {
  feedTab: PublicFeedSlot;
  join: PublicJoinSlot;
  footer: ComponentType;
}

/**
 * /itinerary/{eventId}: the read-only itinerary anyone with the link can open, signed in or not. A PUBLIC
 * experience also shows its social feed at /itinerary/{eventId}/social (spec 1 §6).
 */
export function PublicItineraryPage({ feedTab: FeedTab, join, footer: Footer }: PublicSlots) {
  const i18n = useI18n();
  const { eventId = "", "*": rest = "" } = useParams();
  const onFeed = rest.split("/")[0] === "social";
  const { data, error, isPending, refetch } = useQuery(publicItineraryQueryOptions(eventId));
  // GET /oapi/itinerary answers PRIVATE events too, but their live room is for participants only.
  useExperienceLive(data ? eventId : undefined, { enabled: data?.privacy !== "PRIVATE" });

  usePageMeta(data && itineraryMeta(data));

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-14 max-w-[960px] items-center justify-between px-4">
          <Link to="/" aria-label={i18n._("{brand} home", { brand: "Experiences" })}>
            <Logo />
          </Link>
          <SignedInAs />
        </div>
      </header>
      <main id={MAIN_ID} tabIndex={-1} className="mx-auto w-full max-w-[960px] flex-1 px-4 py-5 outline-none">
        {isPending ? (
          <FullPageSpinner />
        ) : error ? (
          <PublicLoadError error={error} onRetry={() => void refetch()} />
        ) : (
          <>
            <section className="mb-5 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
              <div className="relative aspect-[16/7] bg-gradient-to-br from-brand-600 via-indigo-500 to-fuchsia-500">
                {data.image && (
                  // The same srcset and sizes as the preload the Worker puts in this page's HTML, so the copy it fetched is the one shown.
                  <CoverPicture
                    name={data.name}
                    src={data.image.original}
                    sizes={COVER_SIZES}
                    width={1280}
                    height={560}
                    fetchPriority="high"
                  />
                )}
              </div>
              <div className="space-y-2 p-5">
                <TitleAndSubtitle as="h1" size="page" name={data.name} subtitle={data.subtitle} />
                <p className="text-sm text-slate-600">
                  {formatDateRange(data.startTime, data.endTime, data.timeZone)} · {dayCount(data.programs.length)}
                </p>
                <VenueLine venue={data.venue} />
                {data.description && (
                  <UserText as="p" className="text-slate-700">
                    {data.description}
                  </UserText>
                )}
                <HostsList owner={data.owner} hosts={data.hosts} className="pt-1" />
                <Going itinerary={data} />
                <PublicActions itinerary={data} join={join} />
              </div>
            </section>
            {/* Under the Worker's first view, which ends with the card above: it arrives below what is painted and moves nothing. */}
            <NextUpCard itinerary={data} itineraryPath={`/itinerary/${encodeURIComponent(eventId)}`} />
            {data.privacy === "PUBLIC" ? (
              <>
                <PublicTabs eventId={eventId} />
                {onFeed ? (
                  <Suspense fallback={<Spinner label={i18n._("Loading posts")} />}>
                    <FeedTab eventId={eventId} timeZone={data.timeZone} />
                  </Suspense>
                ) : (
                  <PublicItineraryBody days={data.programs} timeZone={data.timeZone} />
                )}
              </>
            ) : onFeed ? (
              <Navigate to={`/itinerary/${encodeURIComponent(eventId)}`} replace />
            ) : (
              <PublicItineraryBody days={data.programs} timeZone={data.timeZone} />
            )}
          </>
        )}
      </main>
      {/* In view under the spinner, then pushed down by the itinerary: a layout shift. It comes with the content. */}
      {!isPending && <Footer />}
    </div>
  );
}

function PublicTabs({ eventId }: { eventId: string }) {
  const i18n = useI18n();
  const base = `/itinerary/${encodeURIComponent(eventId)}`;
  const tab = ({ isActive }: { isActive: boolean }) =>
    `inline-block border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap ${isActive ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-slate-900"}`;
  return (
    <nav aria-label={i18n._("Experience sections")} className="mb-5 border-b border-slate-200">
      <ul className="flex gap-1">
        <li>
          <NavLink to={base} end className={tab}>
            {i18n._("Itinerary")}
          </NavLink>
        </li>
        <li>
          <NavLink to={`${base}/social`} className={tab}>
            {i18n._("Social")}
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
