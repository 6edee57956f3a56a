/** The guest's own pass; the event's id second, so a reconnected page catches up on it (web/src/hooks/use-live.ts). */
export const passKeys = {
  mine: (eventId: string) => ["pass", eventId, "mine"] as const,
};
