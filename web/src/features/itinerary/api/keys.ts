import { documentKeys } from "@web/lib/queries/query-keys";

/** The itinerary's own caches; the event and its public itinerary use lib/queries/query-keys.ts. */
export const itineraryKeys = {
  /** Every document list of an experience. */
  documents: documentKeys.event,
  commonDocuments: (eventId: string) => documentKeys.of(eventId, "common"),
  signups: (activityId: string) => ["activity-signups", activityId] as const,
  templateSearch: (q: string, pageSize: number) => ["activity-search", q, pageSize] as const,
};
