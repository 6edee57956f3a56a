import { describe, expect, it } from "vitest";
import { homeCardPath } from "./home-card-path";

const item = (role: "owner" | "host" | "guest") => ({
  id: "ev1",
  role,
  startTime: "2099-03-12T00:00:00.000Z",
  endTime: "2099-03-15T00:00:00.000Z",
});

describe("a card on Home", () => {
  it("opens the guest's view, /experiences/{id}, for someone who only attends", () => {
    expect(homeCardPath(item("guest"))).toBe("/experiences/ev1");
  });

  it("opens the experience under Manage for its owner and its hosts, as the Manage list does", () => {
    expect(homeCardPath(item("owner"))).toBe("/manage/experiences/upcoming/ev1");
    expect(homeCardPath(item("host"))).toBe("/manage/experiences/upcoming/ev1");
  });
});
