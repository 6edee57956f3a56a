import { describe, expect, it } from "vitest";
import { defaultSchedule } from "./manage-page";

describe("the default status tab", () => {
  it("is the schedule in the route when valid", () =>
    expect(defaultSchedule("finished", { ongoing: 2, upcoming: 0, finished: 0 })).toBe("finished"));
  it("is ongoing otherwise", () => expect(defaultSchedule("bogus", { ongoing: 1, upcoming: 3, finished: 0 })).toBe("ongoing"));
  it("falls to upcoming when ongoing is empty", () =>
    expect(defaultSchedule(undefined, { ongoing: 0, upcoming: 3, finished: 1 })).toBe("upcoming"));
  it("then to finished", () => expect(defaultSchedule(undefined, { ongoing: 0, upcoming: 0, finished: 1 })).toBe("finished"));
});
