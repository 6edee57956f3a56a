import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { readIn } from "@web/test/words";
import { HostsList } from "./hosts-list";

const maya = {
  guid: "u1",
  firstName: "Maya",
  lastName: "Owner",
  profilePic: { source: "UPLOAD" as const, original: "/files/m", thumbnail: "/files/m-thumb" },
};
const hal = { guid: "u2", firstName: "Hal", lastName: "Cohost", profilePic: null };
const ana = { guid: "u3", firstName: "Ana", lastName: "Lima", profilePic: null };

describe("HostsList", () => {
  it("shows 'Hosted by' the owner alone", () => {
    const { container } = render(<HostsList owner={maya} hosts={[]} />);
    expect(container.querySelector("p")!.textContent).toBe("Hosted by Maya Owner");
    expect(container.querySelector("img")!.getAttribute("src")).toBe("/files/m-thumb");
  });

  it("shows the owner first, then the co-hosts in their order, with a picture or initials each", () => {
    const { container } = render(<HostsList owner={maya} hosts={[hal, ana]} />);
    expect(container.querySelector("p")!.textContent).toBe("Hosted by Maya Owner, Hal Cohost and Ana Lima");
    expect(screen.getByText("HC")).toBeTruthy();
    expect(screen.getByText("AL")).toBeTruthy();
  });

  it("names the owner once, should the co-hosts list them too", () => {
    const { container } = render(<HostsList owner={maya} hosts={[maya, hal]} />);
    expect(container.querySelector("p")!.textContent).toBe("Hosted by Maya Owner and Hal Cohost");
  });

  it("joins the names as the page's language joins a list", async () => {
    await readIn("ja");
    const { container } = render(<HostsList owner={maya} hosts={[hal, ana]} />);
    expect(container.querySelector("p")!.textContent).toContain("Maya Owner、Hal Cohost、Ana Lima");
  });
});
