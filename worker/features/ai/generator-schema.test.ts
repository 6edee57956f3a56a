import { describe, expect, it } from "vitest";
import { ACTIVITY_MESSAGES } from "@worker/features/activities/activities.schema";
import { GENERATION_MESSAGES, generatedItinerarySchema } from "./generator.schema";

const activity = { name: "Walk", subtitle: "", description: "Old town", location: "Alfama", start: "09:00", end: "10:00" };
const day = { dayIndex: 0, name: "Day 1", subtitle: "", description: "", activities: [activity] };
const firstError = (value: unknown, days = 3) => generatedItinerarySchema(days).safeParse(value).error?.issues[0]?.message;

describe("generatedItinerarySchema: what a generator may answer", () => {
  it("accepts days within the experience with activities within the activity routes' caps", () => {
    expect(generatedItinerarySchema(3).safeParse([day, { ...day, dayIndex: 2 }]).success).toBe(true);
  });

  it("refuses a day outside the experience, and a day answered twice", () => {
    expect(firstError([{ ...day, dayIndex: 3 }])).toBe(GENERATION_MESSAGES.dayIndex);
    expect(firstError([{ ...day, dayIndex: -1 }])).toBe(GENERATION_MESSAGES.dayIndex);
    expect(firstError([day, day])).toBe(GENERATION_MESSAGES.dayOnce);
  });

  it("refuses an activity ending before it starts, a time not in HH:mm, an empty name or description, a name over 200 characters", () => {
    const withActivity = (fields: object) => [{ ...day, activities: [{ ...activity, ...fields }] }];
    expect(firstError(withActivity({ end: "08:00" }))).toBe(ACTIVITY_MESSAGES.endAfterStart);
    expect(firstError(withActivity({ start: "9:00" }))).toBe(GENERATION_MESSAGES.startTime);
    expect(firstError(withActivity({ end: "24:00" }))).toBe(GENERATION_MESSAGES.endTime);
    expect(firstError(withActivity({ name: " " }))).toBe(ACTIVITY_MESSAGES.nameRequired);
    expect(firstError(withActivity({ description: "" }))).toBe(ACTIVITY_MESSAGES.descriptionRequired);
    expect(firstError(withActivity({ name: "x".repeat(201) }))).toBe("Name is too long");
  });
});
