import { describe, expect, it, vi } from "vitest";
import { storage } from "./storage";

describe("local storage", () => {
  it("keeps values under the cp.v1 prefix", () => {
    storage.set("authToken", "abc");
    expect(localStorage.getItem("cp.v1.authToken")).toContain("abc");
    expect(storage.get("authToken")).toBe("abc");
  });

  it("forgets a value after its expiry", () => {
    vi.useFakeTimers();
    storage.set("chatList", [1, 2], 1000);
    expect(storage.get("chatList")).toEqual([1, 2]);
    vi.advanceTimersByTime(1001);
    expect(storage.get("chatList")).toBeNull();
    vi.useRealTimers();
  });

  it("clears only its own keys", () => {
    localStorage.setItem("other-app", "x");
    storage.set("a", 1);
    storage.clear();
    expect(storage.get("a")).toBeNull();
    expect(localStorage.getItem("other-app")).toBe("x");
  });
});
