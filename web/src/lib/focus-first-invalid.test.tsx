import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { formatDateRange, formatDuration, scheduleStatus } from "./dates";
import { experienceFacts, PRIVACY_WORDS, RSVP_TYPE_WORDS } from "./experience-words";
import { focusFirstInvalid, useFocusFirstInvalid } from "./focus-first-invalid";
import { rateLimited } from "./rate-limit";
import { storage } from "./storage";

function Form() {
  const [errors, setErrors] = useState<{ name?: string; city?: string }>({});
  const { ref, focusInvalid } = useFocusFirstInvalid();
  return (
    <form
      ref={ref}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setErrors({ name: "Name is required", city: "City is required" });
        focusInvalid();
      }}
    >
      <input aria-label="Title" />
      <input aria-label="Name" aria-invalid={Boolean(errors.name)} />
      <input aria-label="City" aria-invalid={Boolean(errors.city)} />
      <button type="submit">Save</button>
    </form>
  );
}

describe("focusFirstInvalid", () => {
  it("focuses the first field marked invalid once the refused submit has rendered its errors, scrolling it to the middle", () => {
    const scroll = vi.fn();
    Element.prototype.scrollIntoView = scroll;
    render(<Form />);
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(document.activeElement).toBe(screen.getByLabelText("Name"));
    expect(scroll).toHaveBeenCalledTimes(1);
    expect(scroll.mock.contexts[0]).toBe(screen.getByLabelText("Name"));
    expect(scroll).toHaveBeenCalledWith({ block: "center" });
  });

  it("brings a form-level error into view when no field is marked invalid, and answers false when there is nothing", () => {
    const scroll = vi.fn();
    Element.prototype.scrollIntoView = scroll;
    const { container } = render(
      <form>
        <input aria-label="Name" aria-invalid={false} />
        <div role="alert">Failed to update event.</div>
      </form>,
    );
    expect(focusFirstInvalid(container)).toBe(true);
    expect(scroll.mock.contexts[0]).toBe(screen.getByRole("alert"));
    expect(document.activeElement).not.toBe(screen.getByLabelText("Name"));
    expect(focusFirstInvalid(document.createElement("form"))).toBe(false);
    expect(focusFirstInvalid(null)).toBe(false);
  });
});

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

describe("dates", () => {
  it("show the range up to the end date minus one day", () => {
    expect(formatDateRange("2027-03-12T00:00:00.000Z", "2027-03-15T00:00:00.000Z", "UTC")).toBe("Mar 12 – Mar 14, 2027");
    expect(formatDateRange("2027-03-12T00:00:00.000Z", "2027-03-13T00:00:00.000Z", "UTC")).toBe("Mar 12, 2027");
    expect(formatDateRange("2026-12-30T00:00:00.000Z", "2027-01-03T00:00:00.000Z", "UTC")).toBe("Dec 30, 2026 – Jan 2, 2027");
  });
  it("show durations as hours and minutes", () => {
    expect(formatDuration("2027-03-12T10:00:00Z", "2027-03-12T12:30:00Z")).toBe("2h 30m");
    expect(formatDuration("2027-03-12T10:00:00Z", "2027-03-12T10:45:00Z")).toBe("45m");
  });
  it("derive upcoming, ongoing and finished from the current time", () => {
    const now = Date.parse("2027-03-13T12:00:00Z");
    expect(scheduleStatus("2027-03-14T00:00:00Z", "2027-03-16T00:00:00Z", now)).toBe("upcoming");
    expect(scheduleStatus("2027-03-12T00:00:00Z", "2027-03-14T00:00:00Z", now)).toBe("ongoing");
    expect(scheduleStatus("2027-03-10T00:00:00Z", "2027-03-12T00:00:00Z", now)).toBe("finished");
  });
});

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
