import { lazy, Suspense, useState } from "react";
import { CalendarLink } from "@web/components/calendar-link/calendar-link";
import { MapsLink } from "@web/components/maps-link/maps-link";
import { Picture } from "@web/components/ui/picture";
import { TitleAndSubtitle } from "@web/components/ui/title-and-subtitle";
import { activityCalendarUrl } from "@web/lib/calendar-links";
import { formatDuration } from "@web/lib/dates";
import { useI18n } from "@web/lib/i18n";
import type { ActivityView as Activity } from "@worker/shared/itinerary.schema";
import { timesText } from "../itinerary-format";
import { windowOf } from "../places-text";
import { ActivityDescription } from "./activity-description";
import { SignupPlaces } from "./signup-places";

// Loaded on demand: the public page shares this view and must not ship the documents panel or the guest's sign-up
// buttons (ARCHITECTURE §7 budget).
const ActivityDocumentsPanel = lazy(() => import("./activity-documents-panel").then((m) => ({ default: m.ActivityDocumentsPanel })));
const SignupActions = lazy(() => import("./signup-actions").then((m) => ({ default: m.SignupActions })));

/** Who reads a sign-up activity's details: a guest going, who signs up there; anyone else, who must join first. */
export type SignupReader = "guest" | "visitor";

/** "10:00 AM – 11:30 AM WET (1h 30m)", on the activity's clock or, with `seenFrom`, on the reader's. */
export function ActivityTimes({ activity, seenFrom }: { activity: Activity; seenFrom: string | null }) {
  return (
    <>
      {timesText(activity, seenFrom)}{" "}
      <span className="text-slate-500">({formatDuration(activity.startDateTime, activity.endDateTime)})</span>
    </>
  );
}

export const DETAILS_ACTION =
  "inline-flex min-h-11 items-center gap-1.5 rounded-lg border border-slate-200 px-3 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50 md:min-h-0";

/** The read-only details of an activity; `documentsEventId` only for a viewer who may open the event's documents. */
export function ActivityDetails({
  activity,
  seenFrom,
  documentsEventId,
  signupReader = "visitor",
}: {
  activity: Activity;
  seenFrom: string | null;
  documentsEventId?: string;
  signupReader?: SignupReader;
}) {
  const i18n = useI18n();
  const [documentsOpen, setDocumentsOpen] = useState(false);
  const documentCount = activity.documents?.length ?? 0;
  return (
    <article className="overflow-hidden rounded-xl border border-slate-200 bg-white">
      {activity.image && <Picture src={activity.image.original} name={activity.name} alt="" className="aspect-video w-full object-cover" />}
      <div className="space-y-3 p-4">
        <div>
          <TitleAndSubtitle as="h3" size="detail" name={activity.name} subtitle={activity.subtitle} />
        </div>
        <p className="text-sm text-slate-700">
          <ActivityTimes activity={activity} seenFrom={seenFrom} />
        </p>
        {activity.location && (
          <p className="text-sm">
            <span className="text-slate-500">{i18n._("Location:")} </span>
            <MapsLink location={activity.location} />
          </p>
        )}
        {activity.signup &&
          (signupReader === "guest" ? (
            <Suspense fallback={<SignupPlaces activity={activity} signup={activity.signup} />}>
              <SignupActions activity={activity} signup={activity.signup} />
            </Suspense>
          ) : (
            <SignupPlaces activity={activity} signup={activity.signup}>
              {windowOf(activity.signup) === "open" && <p className="text-xs text-slate-600">{i18n._("Join the experience to sign up")}</p>}
            </SignupPlaces>
          ))}
        <ActivityDescription text={activity.description} />
        <div className="flex flex-wrap gap-2">
          <CalendarLink href={activityCalendarUrl(activity.eventId, activity.id)} className={DETAILS_ACTION} />
          {documentsEventId && documentCount > 0 && (
            <button type="button" onClick={() => setDocumentsOpen(true)} className={DETAILS_ACTION}>
              {i18n._("Documents ({count})", { count: documentCount })}
            </button>
          )}
        </div>
      </div>
      {documentsEventId && documentsOpen && (
        <Suspense fallback={null}>
          <ActivityDocumentsPanel eventId={documentsEventId} activity={activity} canEdit={false} onClose={() => setDocumentsOpen(false)} />
        </Suspense>
      )}
    </article>
  );
}
