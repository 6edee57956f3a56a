import { describe, expect, it, vi } from "vitest";
import { rateLimited } from "./rate-limit";

describe("the client rate limit", () => {
  it("allows 3 calls per 5000 ms and refuses the 4th with 'Rate limit exceeded: 3 calls per 5000ms'", async () => {
    vi.useFakeTimers();
    const limited = rateLimited(async () => "sent", 3, 5000);
    await limited();
    await limited();
    await limited();
    await expect(limited()).rejects.toThrow("Rate limit exceeded: 3 calls per 5000ms");
    vi.advanceTimersByTime(5000);
    await expect(limited()).resolves.toBe("sent");
    vi.useRealTimers();
  });
});
