import { describe, expect, it } from "vitest";
import { aDay, anActivity } from "@web/test/fixtures";
import { nextUp } from "./next-up";

const at = (iso: string) => Date.parse(iso);

// 12–14 March 2027 (UTC): a walk and lunch on the first day, a day-long tour with a lunch inside it on the second.
const walk = anActivity({ id: "walk", name: "Walk", startDateTime: "2027-03-12T09:00:00.000Z", endDateTime: "2027-03-12T10:00:00.000Z" });
const lunch = anActivity({
  id: "lunch",
  name: "Lunch",
  startDateTime: "2027-03-12T12:00:00.000Z",
  endDateTime: "2027-03-12T13:30:00.000Z",
});
const tour = anActivity({
  id: "tour",
  name: "Sintra tour",
  startDateTime: "2027-03-13T08:00:00.000Z",
  endDateTime: "2027-03-13T18:00:00.000Z",
});
const picnic = anActivity({
  id: "picnic",
  name: "Picnic",
  startDateTime: "2027-03-13T12:00:00.000Z",
  endDateTime: "2027-03-13T13:00:00.000Z",
});
const itinerary = {
  endTime: "2027-03-15T00:00:00.000Z",
  // Out of order on purpose: the days and activities are read by their times.
  programs: [
    aDay({ id: "day2", dayIndex: 1, date: "2027-03-13", activities: [picnic, tour] }),
    aDay({ id: "day1", activities: [lunch, walk] }),
    aDay({ id: "day3", dayIndex: 2, date: "2027-03-14", activities: [] }),
  ],
};
const pick = (now: string) => {
  const up = nextUp(itinerary, at(now));
  return up && (up.when === "ended" ? "ended" : `${up.when} ${up.activity.name} (${up.day.id})`);
};

describe("nextUp: what the guest's first screen shows", () => {
  it("shows the first activity before the experience starts", () => {
    expect(pick("2027-03-01T10:00:00.000Z")).toBe("next Walk (day1)");
  });

  it("shows the activity under way during the experience", () => {
    expect(pick("2027-03-12T09:30:00.000Z")).toBe("now Walk (day1)");
  });

  it("shows the next activity of the day between two", () => {
    expect(pick("2027-03-12T10:00:00.000Z")).toBe("next Lunch (day1)");
  });

  it("shows the next day's first activity once the day's last is over", () => {
    expect(pick("2027-03-12T20:00:00.000Z")).toBe("next Sintra tour (day2)");
  });

  it("shows the one that started last when two overlap", () => {
    expect(pick("2027-03-13T12:30:00.000Z")).toBe("now Picnic (day2)");
    expect(pick("2027-03-13T14:00:00.000Z")).toBe("now Sintra tour (day2)");
  });

  it("shows nothing when no activity is ahead on the last day", () => {
    expect(pick("2027-03-14T10:00:00.000Z")).toBeNull();
  });

  it("says the experience ended after its end", () => {
    expect(pick("2027-03-15T00:00:00.000Z")).toBe("ended");
  });

  it("shows nothing for an experience without activities", () => {
    expect(nextUp({ ...itinerary, programs: [aDay()] }, at("2027-03-01T10:00:00.000Z"))).toBeNull();
  });
});
