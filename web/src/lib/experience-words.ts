import type { PRIVACY_VALUES, RSVP_TYPE_VALUES } from "@worker/shared/views.schema";
import { scheduleStatus, type ScheduleStatus } from "./dates";
import { i18n } from "./i18n";

export type RsvpType = (typeof RSVP_TYPE_VALUES)[number];
export type Privacy = (typeof PRIVACY_VALUES)[number];

interface Words {
  /** What the choice is called. */
  label: string;
  /** One line on what it means for guests, where it is chosen. */
  meaning: string;
}

/** A choice's words, worded in the page's language each time they are read (at render, never at module load). */
const worded = (label: string, meaning: string): Words => ({
  get label() {
    return i18n._(label);
  },
  get meaning() {
    return i18n._(meaning);
  },
});

/** How people join, in the organiser's words (spec: OPEN, OPEN_INVITE, INVITE_ONLY); the enum never reaches a screen. */
export const RSVP_TYPE_WORDS: Record<RsvpType, Words> = {
  OPEN: worded(/*i18n*/ "Open", /*i18n*/ "Anyone with the link joins"),
  OPEN_INVITE: worded(/*i18n*/ "Request to join", /*i18n*/ "You approve each guest"),
  INVITE_ONLY: worded(/*i18n*/ "Invite only", /*i18n*/ "Only people you invite"),
};

/** Who sees what (issue 9: a private experience keeps its people private, not its itinerary). */
export const PRIVACY_WORDS: Record<Privacy, Words> = {
  PUBLIC: worded(/*i18n*/ "Public", /*i18n*/ "Anyone with the link sees the itinerary, the guests and the social feed"),
  PRIVATE: worded(
    /*i18n*/ "Private",
    /*i18n*/ "Anyone with the link sees the itinerary; only participants see the guests and the social feed",
  ),
};

/** Where an experience stands in time, as its card says it. */
const SCHEDULE_WORDS: Record<ScheduleStatus, string> = {
  upcoming: /*i18n*/ "Upcoming",
  ongoing: /*i18n*/ "Happening now",
  finished: /*i18n*/ "Past",
};

/** '1 day', '3 days', in the page's language. */
export const dayCount = (days: number) => i18n._("{days, plural, one {# day} other {# days}}", { days });

/** 'Upcoming · 3 days · 12 going' (the going part once anyone is going). */
export function experienceFacts(
  event: { startTime: string; endTime: string; dayCount: number; goingCount: number },
  now = Date.now(),
): string[] {
  const facts = [i18n._(SCHEDULE_WORDS[scheduleStatus(event.startTime, event.endTime, now)]), dayCount(event.dayCount)];
  if (event.goingCount > 0) facts.push(i18n._("{count, plural, other {# going}}", { count: event.goingCount }));
  return facts;
}
