import { describe, expect, it } from "vitest";
import { experienceFacts, PRIVACY_WORDS, RSVP_TYPE_WORDS } from "./experience-words";

const DAY = 24 * 60 * 60 * 1000;
const now = Date.parse("2027-03-12T12:00:00Z");
const at = (fromNow: number) => new Date(now + fromNow).toISOString();

describe("experience words", () => {
  it("names how people join and who sees it in words, never as the enum ('Request to join', not OPEN_INVITE)", () => {
    expect([RSVP_TYPE_WORDS.OPEN.label, RSVP_TYPE_WORDS.OPEN_INVITE.label, RSVP_TYPE_WORDS.INVITE_ONLY.label]).toEqual([
      "Open",
      "Request to join",
      "Invite only",
    ]);
    expect([PRIVACY_WORDS.PUBLIC.label, PRIVACY_WORDS.PRIVATE.label]).toEqual(["Public", "Private"]);
    for (const words of [...Object.values(RSVP_TYPE_WORDS), ...Object.values(PRIVACY_WORDS)])
      expect(`${words.label} ${words.meaning}`).not.toMatch(/[A-Z]{2,}|_/);
  });

  it("gives a card its schedule status, its days and, once anyone is going, how many", () => {
    expect(experienceFacts({ startTime: at(DAY), endTime: at(4 * DAY), dayCount: 3, goingCount: 0 }, now)).toEqual(["Upcoming", "3 days"]);
    expect(experienceFacts({ startTime: at(-DAY), endTime: at(DAY), dayCount: 1, goingCount: 12 }, now)).toEqual([
      "Happening now",
      "1 day",
      "12 going",
    ]);
    expect(experienceFacts({ startTime: at(-9 * DAY), endTime: at(-7 * DAY), dayCount: 2, goingCount: 1 }, now)).toEqual([
      "Past",
      "2 days",
      "1 going",
    ]);
  });
});
