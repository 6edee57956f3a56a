/** The signed-in person's calendar feed URL (one per person). */
export const calendarKeys = {
  feed: () => ["calendar", "feed"] as const,
};
