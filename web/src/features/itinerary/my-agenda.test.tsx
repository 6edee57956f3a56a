import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { aDay, anActivity } from "@web/test/fixtures";
import { asGuest, renderExperienceTab } from "@web/test/render-experience-tab";
import type { SignupView } from "@worker/shared/signup.schema";
import { ItineraryTab } from "./itinerary-tab";

// My agenda (docs/programme.md): what a guest attends, beside the whole programme.

const places = (mine: SignupView["mine"]): SignupView => ({
  capacity: 30,
  taken: 10,
  waiting: 0,
  opensAt: null,
  closesAt: "2027-03-12T09:00:00.000Z",
  mine,
});
const day = aDay({
  activities: [
    anActivity({ id: "walk", name: "Walking tour" }),
    anActivity({ id: "golf", name: "Golf morning", attendance: "SIGNUP", signup: places({ status: "IN", position: null }) }),
    anActivity({ id: "spa", name: "Spa", attendance: "SIGNUP", signup: places(null) }),
  ],
});
const activityNames = () =>
  within(screen.getByRole("region", { name: "Activities" }))
    .queryAllByRole("button")
    .map((button) => button.textContent ?? "");

describe("My agenda", () => {
  it("lists what the guest attends: the activities for everyone and the sign-ups where they hold a place", () => {
    renderExperienceTab(<ItineraryTab />, { ...asGuest, programs: [day] });
    expect(activityNames().some((text) => text.includes("Spa"))).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "My agenda" }));
    const names = activityNames();
    expect(names.some((text) => text.includes("Walking tour"))).toBe(true);
    expect(names.some((text) => text.includes("Golf morning"))).toBe(true);
    expect(names.some((text) => text.includes("Spa"))).toBe(false);
    expect(screen.getByRole("button", { name: "My agenda" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("is not offered where no activity takes sign-ups", () => {
    renderExperienceTab(<ItineraryTab />, { ...asGuest, programs: [aDay({ activities: [anActivity()] })] });
    expect(screen.queryByRole("button", { name: "My agenda" })).toBeNull();
  });
});
