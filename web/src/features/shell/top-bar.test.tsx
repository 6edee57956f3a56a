import { act, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import { session } from "@web/lib/session";
import { aUser } from "@web/test/fixtures";
import { TopBar } from "./top-bar";

function signedInAs(user: Parameters<typeof aUser>[0]) {
  session.save({ authToken: "a", refreshToken: "r", user: aUser(user) });
  render(
    <MemoryRouter>
      <TopBar onMenu={() => undefined} />
    </MemoryRouter>,
  );
}

afterEach(() => act(() => session.clear()));

describe("the user menu", () => {
  it("is named by what it shows, the initials and the name, then 'User menu'", () => {
    signedInAs({ firstName: "Alex", lastName: "Rivera", profilePic: null });
    const button = screen.getByRole("button", { name: "AR Alex Rivera User menu" });
    expect(button.textContent).toBe("AR Alex Rivera");
  });

  it("leaves the initials out of the name when a picture stands in for them", () => {
    signedInAs({ firstName: "Alex", lastName: "Rivera", profilePic: { original: "/p.jpg", thumbnail: "/p-thumb.jpg", source: "UPLOAD" } });
    expect(screen.getByRole("button", { name: "Alex Rivera User menu" })).toBeTruthy();
  });

  it("is a menu button holding Profile and Logout, opened with the keyboard", () => {
    signedInAs({ firstName: "Alex", lastName: "Rivera", profilePic: null });
    const button = screen.getByRole("button", { name: /User menu/ });
    expect(button.getAttribute("aria-haspopup")).toBe("menu");
    button.focus();
    fireEvent.keyDown(button, { key: "ArrowUp" });
    expect(document.activeElement?.textContent).toBe("Logout");
    expect(screen.getAllByRole("menuitem").map((item) => item.textContent)).toEqual(["Profile", "Logout"]);
    expect(screen.getByRole("menuitem", { name: "Profile" }).getAttribute("href")).toBe("/profile");
  });
});
