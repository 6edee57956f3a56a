import type { ExperienceDetail } from "@worker/features/experiences/experiences.schema";
import type { Attendee } from "@worker/features/rsvp/rsvp.schema";
import type { ActivityView, DayView, PublicItinerary } from "@worker/shared/itinerary.schema";
import type { UserView } from "@worker/shared/views.schema";

/** An activity of event "ev1", day "day1", 09:00–10:00 on 12 March 2027; override what a test is about. */
export const anActivity = (overrides: Partial<ActivityView> = {}): ActivityView => ({
  id: "a1",
  eventId: "ev1",
  programId: "day1",
  name: "Walking tour",
  subtitle: "",
  description: "",
  location: null,
  startDateTime: "2027-03-12T09:00:00.000Z",
  endDateTime: "2027-03-12T10:00:00.000Z",
  timeZone: "UTC",
  hasOwnTimeZone: false,
  image: null,
  documents: [],
  attendance: "EVERYONE",
  groups: [],
  signup: null,
  ...overrides,
});

/** An activity's start and end, from UTC times written "2027-03-12T09:00". */
export const timed = (start: string, end: string) => ({ startDateTime: `${start}:00.000Z`, endDateTime: `${end}:00.000Z` });

/** Day "day1" of event "ev1", 12 March 2027, with no activities unless given. */
export const aDay = (overrides: Partial<DayView> = {}): DayView => ({
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

/** Ana Lima, signed in. */
export const aUser = (overrides: Partial<UserView> = {}): UserView => ({
  guid: "u1",
  firstName: "Ana",
  lastName: "Lima",
  emailId: "ana@example.com",
  organisation: "",
  bio: "",
  tags: [],
  profilePic: null,
  language: null,
  ...overrides,
});

/** Event "ev1", "Lisbon weekend", 12–14 March 2027, public, as its owner sees it; one day unless given. */
export const anExperience = (overrides: Partial<ExperienceDetail> = {}): ExperienceDetail => ({
  id: "ev1",
  name: "Lisbon weekend",
  subtitle: "",
  description: "",
  image: null,
  privacy: "PUBLIC",
  rsvpType: "OPEN_INVITE",
  capacity: null,
  startTime: "2027-03-12T00:00:00.000Z",
  endTime: "2027-03-15T00:00:00.000Z",
  timeZone: "UTC",
  language: "en",
  venue: null,
  isOwner: true,
  isHost: false,
  isGuest: false,
  owner: { guid: "u1", firstName: "Maya", lastName: "Host", profilePic: null },
  hosts: [],
  guests: [],
  goingCount: 0,
  full: false,
  programs: [aDay()],
  ...overrides,
});

/** The share page's answer for {@link anExperience}, private and open to join; one day unless given. */
export const aPublicItinerary = (overrides: Partial<PublicItinerary> = {}): PublicItinerary => {
  const {
    capacity: _,
    isOwner: _owner,
    isHost: _host,
    isGuest: _guest,
    ...shared
  } = anExperience({ privacy: "PRIVATE", rsvpType: "OPEN" });
  return { ...shared, ...overrides };
};

/** Guest number `n` of an RSVP list: going, with an account; override the answer or the person. */
export const anAttendeeNumbered = (
  n: number,
  overrides: Partial<Omit<Attendee, "user">> = {},
  user: Partial<Attendee["user"]> = {},
): Attendee => ({
  id: `r${n}`,
  status: "YES",
  onboardStatus: null,
  waitlistPosition: null,
  ...overrides,
  user: {
    guid: `g${n}`,
    firstName: "Guest",
    lastName: `Number${n}`,
    emailId: `guest${n}@example.com`,
    organisation: "",
    profilePic: null,
    tags: [],
    isOwner: false,
    isHost: false,
    ...user,
  },
});
