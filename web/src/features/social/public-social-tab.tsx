import { useCurrentUser } from "../../lib/session";
import { SocialFeed } from "./social-feed";

/**
 * /itinerary/{eventId}/social: a public experience's feed for anyone with the link (spec 1 §6), read through
 * /oapi. No composer; signed out, Like and Comment open the sign-in panel.
 */
export function PublicSocialTab({ eventId }: { eventId: string }) {
  const user = useCurrentUser();
  return <SocialFeed eventId={eventId} source="oapi" viewer={user ? { kind: "reader" } : { kind: "visitor" }} />;
}
