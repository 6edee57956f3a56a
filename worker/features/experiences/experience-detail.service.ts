import type { Db } from "@worker/db/client";
import type { Bindings } from "@worker/env";
import { notFound } from "@worker/lib/errors";
import { type ExperienceDetail } from "./experiences.schema";
import { loadItinerary, toPublicItinerary } from "./public-itinerary.service";

// ── Detail ──────────────────────────────────────────────────────────────────

/**
 * The event page: roles, the viewer's groups and sign-ups are read in the same batch as the itinerary, which holds only
 * the activities they may see. A stranger to a private event sees no guests.
 */
export async function experienceDetail(env: Bindings, db: Db, eventId: string, viewerId: string): Promise<ExperienceDetail> {
  const itinerary = await loadItinerary(env, db, eventId, viewerId);
  if (!itinerary) throw notFound(/*i18n*/ "Event not found");
  const { event, hosts, guests } = itinerary;
  const isOwner = event.ownerId === viewerId;
  const isHost = hosts.some((p) => p.guid === viewerId);
  const isGuest = guests.some((p) => p.guid === viewerId);
  // Issue 9: PRIVATE keeps an experience's people private, not its itinerary: whoever has the link sees the
  // itinerary (and may ask to join), but only participants see the guest list.
  const participant = isOwner || isHost || isGuest;
  const shared = await toPublicItinerary(env, itinerary, { includeGuests: participant || event.privacy === "PUBLIC" });
  return { ...shared, rsvpType: event.rsvpType, capacity: event.capacity, isOwner, isHost, isGuest };
}
