import type { PRIVACY_VALUES, RSVP_TYPE_VALUES } from "@worker/shared/views.schema";
import { scheduleStatus, type ScheduleStatus } from "./dates";

export type RsvpType = (typeof RSVP_TYPE_VALUES)[number];
export type Privacy = (typeof PRIVACY_VALUES)[number];

interface Words {
  /** What the choice is called. */
  label: string;
  /** One line on what it means for guests, where it is chosen. */
  meaning: string;
}

/** How people join, in the organiser's words (spec: OPEN, OPEN_INVITE, INVITE_ONLY); the enum never reaches a screen. */
export const RSVP_TYPE_WORDS: Record<RsvpType, Words> = {
  OPEN: { label: "Open", meaning: "Anyone with the link joins" },
  OPEN_INVITE: { label: "Request to join", meaning: "You approve each guest" },
  INVITE_ONLY: { label: "Invite only", meaning: "Only people you invite" },
};

/** Who sees what (issue 9: a private experience keeps its people private, not its itinerary). */
export const PRIVACY_WORDS: Record<Privacy, Words> = {
  PUBLIC: { label: "Public", meaning: "Anyone with the link sees the itinerary, the guests and the social feed" },
  PRIVATE: { label: "Private", meaning: "Anyone with the link sees the itinerary; only participants see the guests and the social feed" },
};

/** Where an experience stands in time, as its card says it. */
const SCHEDULE_WORDS: Record<ScheduleStatus, string> = { upcoming: "Upcoming", ongoing: "Happening now", finished: "Past" };

/** '1 day', '3 days'. */
export const dayCount = (days: number) => `${days} ${days === 1 ? "day" : "days"}`;

/** 'Upcoming · 3 days · 12 going' (the going part once anyone is going). */
export function experienceFacts(
  event: { startTime: string; endTime: string; dayCount: number; goingCount: number },
  now = Date.now(),
): string[] {
  const facts = [SCHEDULE_WORDS[scheduleStatus(event.startTime, event.endTime, now)], dayCount(event.dayCount)];
  if (event.goingCount > 0) facts.push(`${event.goingCount} going`);
  return facts;
}
