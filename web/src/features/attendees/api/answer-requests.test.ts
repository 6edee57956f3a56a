import { describe, expect, it } from "vitest";
import { doneMessage } from "./answer-requests";

describe("what approving requests says", () => {
  it("counts the approved, and says which went to the waitlist because the experience is full", () => {
    expect(doneMessage("YES", [{ id: "a", status: "YES" }])).toBe("1 request approved");
    expect(doneMessage("YES", [{ id: "a", status: "WAITLISTED" }])).toBe("Added to the waitlist: the experience is full");
    expect(
      doneMessage("YES", [
        { id: "a", status: "WAITLISTED" },
        { id: "b", status: "WAITLISTED" },
      ]),
    ).toBe("2 requests added to the waitlist: the experience is full");
    expect(
      doneMessage("YES", [
        { id: "a", status: "YES" },
        { id: "b", status: "YES" },
        { id: "c", status: "WAITLISTED" },
      ]),
    ).toBe("2 requests approved. 1 other added to the waitlist: the experience is full.");
    expect(doneMessage("NO", [{ id: "a", status: "HOST_APPROVAL_DENIED" }])).toBe("1 request rejected");
  });
});
