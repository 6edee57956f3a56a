import type { Activity, Program } from "../lib/types";

/** An activity of event "ev1", day "day1", 09:00–10:00 on 12 March 2027; override what a test is about. */
export const anActivity = (overrides: Partial<Activity> = {}): Activity => ({
  id: "a1",
  eventId: "ev1",
  programId: "day1",
  name: "Walking tour",
  subtitle: "",
  description: "",
  location: null,
  startDateTime: "2027-03-12T09:00:00.000Z",
  endDateTime: "2027-03-12T10:00:00.000Z",
  image: null,
  documents: [],
  ...overrides,
});

/** Day "day1" of event "ev1", 12 March 2027, with no activities unless given. */
export const aDay = (overrides: Partial<Program> = {}): Program => ({
  id: "day1",
  eventId: "ev1",
  date: "2027-03-12",
  dayIndex: 0,
  name: "Arrival",
  subtitle: "",
  description: "",
  image: null,
  activities: [],
  ...overrides,
});
