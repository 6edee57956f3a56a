// The calendar files of the public itinerary (GET /oapi/itinerary/…): open to anyone with the link, as the itinerary is.
// Plain links: the Worker answers them as attachments, and a phone hands them to its calendar app.

/** Every activity of an experience, as UTC instants, with the experience's zone named for calendars that show one. */
export const calendarUrl = (eventId: string) => `/oapi/itinerary/${encodeURIComponent(eventId)}/calendar.ics`;

/** One activity, as the experience's calendar holds it (same UID, so importing both never doubles it). */
export const activityCalendarUrl = (eventId: string, activityId: string) =>
  `/oapi/itinerary/${encodeURIComponent(eventId)}/activities/${encodeURIComponent(activityId)}/calendar.ics`;
