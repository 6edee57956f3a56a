import { Link } from "react-router-dom";
import { useI18n } from "@web/lib/i18n";
import { useCurrentUser } from "@web/lib/session";
import { Feed } from "./feed";

/**
 * /itinerary/{eventId}/social: a public experience's feed for anyone with the link (spec 1 §6), read through
 * /oapi. No composer; signed out, Like and Comment open the sign-in panel. Signed in, it only reads here, so
 * it points to the experience's own Social tab, where a participant posts, likes and comments.
 */
export function PublicFeedTab({ eventId, timeZone }: { eventId: string; timeZone: string }) {
  const i18n = useI18n();
  const user = useCurrentUser();
  return (
    <>
      {user && (
        <p className="mb-3 text-end text-sm">
          <Link
            to={`/experiences/${encodeURIComponent(eventId)}/social`}
            className="font-semibold text-brand-700 underline-offset-2 hover:underline"
          >
            {i18n._("Open in the app")}
          </Link>
        </p>
      )}
      <Feed eventId={eventId} source="oapi" viewer={user ? { kind: "reader" } : { kind: "visitor" }} timeZone={timeZone} />
    </>
  );
}
