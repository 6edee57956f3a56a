import { describe, expect, it } from "vitest";
import { ENGLISH, fillMessage } from "./fill-message";

describe("a catalog message's English words", () => {
  it("fills names, numbers as English writes them, and a plural of one and other", () => {
    expect(fillMessage("{count, plural, one {# guest reminded} other {# guests reminded}}", { count: 1500 })).toBe("1,500 guests reminded");
    expect(fillMessage("{name} changed this", { name: "Ana Lima" })).toBe("Ana Lima changed this");
    expect(fillMessage("capacity {capacity, number}", { capacity: 1200 })).toBe("capacity 1,200");
    expect(fillMessage("in {s} {s, plural, one {second} other {seconds}}", { s: 1 })).toBe("in 1 second");
    expect(fillMessage("in {s} {s, plural, one {second} other {seconds}}", { s: 2 })).toBe("in 2 seconds");
    expect(ENGLISH._("This list opens at {time}", { time: "9:00 AM" })).toBe("This list opens at 9:00 AM");
  });

  it("leaves a name it is not given as written", () => {
    expect(fillMessage("{field} is required", {})).toBe("{field} is required");
  });
});
