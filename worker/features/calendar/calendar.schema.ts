import { z } from "zod";

// The calendar feed's contract. Shared with the web: only zod here, nothing worker-only.

/** A person's private calendar feed: the same calendar at an https URL and as a webcal:// link. */
export const calendarFeedSchema = z
  .object({
    url: z.url().meta({
      description:
        "The feed's https URL, to paste into a calendar (Google Calendar: Other calendars → From URL). It holds the private token.",
    }),
    webcalUrl: z.string().meta({ description: "The same URL as webcal://, which opens the device's calendar app to subscribe." }),
  })
  .meta({ id: "CalendarFeed" });

/** The feed's path segment: `{token}.ics`; any other is a calendar nobody has (404). */
export const calendarFileParamsSchema = z.object({ file: z.string() });

export type CalendarFeed = z.infer<typeof calendarFeedSchema>;
