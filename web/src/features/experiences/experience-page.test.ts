import { describe, expect, it } from "vitest";
import { allowedTabs } from "./experience-page";
import { welcome } from "./home-page";
import { defaultSchedule } from "./manage-page";

const role = (r: Partial<{ isOwner: boolean; isHost: boolean; isGuest: boolean }>, privacy: "PUBLIC" | "PRIVATE" = "PUBLIC") => ({
  isOwner: false,
  isHost: false,
  isGuest: false,
  privacy,
  ...r,
});

describe("the tabs of the event page", () => {
  it("give participants Itinerary, Social, Attendees, Documents and Bulletin", () => {
    expect(allowedTabs(role({ isGuest: true }), false)).toEqual(["itinerary", "social", "attendees", "documents", "bulletin"]);
  });
  it("add Feedback for an owner or host in manage mode only", () => {
    expect(allowedTabs(role({ isHost: true }), true)).toContain("feedback");
    expect(allowedTabs(role({ isOwner: true }), false)).not.toContain("feedback");
    expect(allowedTabs(role({ isGuest: true }), true)).not.toContain("feedback");
  });
  it("add Check-in after Attendees for an owner or host in manage mode only", () => {
    expect(allowedTabs(role({ isOwner: true }), true)).toEqual([
      "itinerary",
      "social",
      "attendees",
      "checkin",
      "documents",
      "bulletin",
      "feedback",
    ]);
    expect(allowedTabs(role({ isHost: true }), true)).toContain("checkin");
    expect(allowedTabs(role({ isOwner: true }), false)).not.toContain("checkin");
    expect(allowedTabs(role({ isGuest: true }), true)).not.toContain("checkin");
  });
  it("give non-participants Social only when the event is not private", () => {
    expect(allowedTabs(role({}), false)).toEqual(["itinerary", "social"]);
    expect(allowedTabs(role({}, "PRIVATE"), false)).toEqual(["itinerary"]);
  });
});

describe("the default status tab", () => {
  it("is the schedule in the route when valid", () =>
    expect(defaultSchedule("finished", { ongoing: 2, upcoming: 0, finished: 0 })).toBe("finished"));
  it("is ongoing otherwise", () => expect(defaultSchedule("bogus", { ongoing: 1, upcoming: 3, finished: 0 })).toBe("ongoing"));
  it("falls to upcoming when ongoing is empty", () =>
    expect(defaultSchedule(undefined, { ongoing: 0, upcoming: 3, finished: 1 })).toBe("upcoming"));
  it("then to finished", () => expect(defaultSchedule(undefined, { ongoing: 0, upcoming: 0, finished: 1 })).toBe("finished"));
});

describe("the home page's greeting", () => {
  it("welcomes someone without experiences as new ('Welcome, Ana'), and 'Welcome back, Ana' once they have one", () => {
    expect(welcome("Ana", 0)).toBe("Welcome, Ana");
    expect(welcome("Ana", 2)).toBe("Welcome back, Ana");
    expect(welcome(undefined, 0)).toBe("Welcome");
  });
});
