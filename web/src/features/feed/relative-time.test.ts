import { afterEach, describe, expect, it } from "vitest";
import { readIn } from "@web/test/words";
import { timeAgo } from "./relative-time";

const now = Date.parse("2027-03-12T12:00:00Z");

describe("how long ago, in the page's language", () => {
  afterEach(() => readIn("en"));

  it("keeps the English words", () => {
    expect(timeAgo("2027-03-12T11:59:30Z", now)).toBe("just now");
    expect(timeAgo("2027-03-12T11:55:00Z", now)).toBe("5 min. ago");
    expect(timeAgo("2027-03-11T11:00:00Z", now)).toBe("yesterday");
    expect(timeAgo("2026-03-01T11:00:00Z", now)).toBe("Mar 1, 2026");
  });

  it("says them as Intl does in German", async () => {
    await readIn("de");
    const relative = new Intl.RelativeTimeFormat("de", { numeric: "auto", style: "short" });
    expect(timeAgo("2027-03-12T11:55:00Z", now)).toBe(relative.format(-5, "minute"));
    expect(timeAgo("2026-03-01T11:00:00Z", now)).toBe(
      new Intl.DateTimeFormat("de", { day: "numeric", month: "short", year: "numeric" }).format(new Date("2026-03-01T11:00:00Z")),
    );
  });
});
