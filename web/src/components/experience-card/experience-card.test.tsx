import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import type { ExperienceListItem } from "@worker/features/experiences/experiences.schema";
import { ExperienceCard } from "./experience-card";

const DAY = 24 * 60 * 60 * 1000;
const soon = Math.ceil(Date.now() / DAY) * DAY + 2 * DAY;

const item = (overrides: Partial<ExperienceListItem> = {}): ExperienceListItem => ({
  id: "ev1",
  name: "Lisbon weekend",
  startTime: new Date(soon).toISOString(),
  endTime: new Date(soon + 3 * DAY).toISOString(),
  timeZone: "UTC",
  privacy: "PUBLIC",
  rsvpType: "OPEN_INVITE",
  image: null,
  owner: { guid: "u1", firstName: "Maya", lastName: "Host", profilePic: null },
  role: "owner",
  dayCount: 3,
  goingCount: 0,
  ...overrides,
});

const card = (event: ExperienceListItem) => {
  render(
    <MemoryRouter>
      <ExperienceCard event={event} to="/manage/experiences/upcoming/ev1" />
    </MemoryRouter>,
  );
  return screen.getByTestId("event-card");
};

describe("ExperienceCard", () => {
  it("shows one's own experience with its status and days, without an 'Owner' badge or a 'by' line", () => {
    const shown = card(item());
    expect(shown.textContent).toContain("Upcoming");
    expect(shown.textContent).toContain("3 days");
    expect(shown.textContent).not.toMatch(/Owner|by Maya|going/);
  });

  it("shows someone else's experience with the role, who runs it and how many are going", () => {
    const shown = card(item({ role: "guest", goingCount: 5, privacy: "PRIVATE" }));
    expect(shown.textContent).toContain("Guest");
    expect(shown.textContent).toContain("by Maya Host");
    expect(shown.textContent).toContain("3 days · 5 going");
    expect(shown.textContent).toContain("Private");
  });

  it("isolates the experience's name and the organiser's name, so an override in them cannot reverse 'by'", () => {
    const shown = card(
      item({ name: "Trip \u202Eevil", role: "guest", owner: { guid: "u2", firstName: "Eve\u202E", lastName: "Host", profilePic: null } }),
    );
    expect(shown.querySelector("h2")?.getAttribute("dir")).toBe("auto");
    const owner = [...shown.querySelectorAll("bdi")].find((bdi) => bdi.textContent === "Eve\u202E Host");
    expect(owner?.getAttribute("dir")).toBe("auto");
    expect(owner?.parentElement?.textContent).toMatch(/^by Eve/);
  });

  it("words the dates as the experience's local dates: a Tokyo experience starting at 15:00Z the day before", () => {
    const shown = card(item({ timeZone: "Asia/Tokyo", startTime: "2027-03-11T15:00:00.000Z", endTime: "2027-03-14T15:00:00.000Z" }));
    expect(shown.textContent).toContain("Mar 12 – Mar 14, 2027");
  });
});
