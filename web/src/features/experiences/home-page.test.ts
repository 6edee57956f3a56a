import { describe, expect, it } from "vitest";
import { welcome } from "./home-page";

describe("the home page's greeting", () => {
  it("welcomes someone without experiences as new ('Welcome, Ana'), and 'Welcome back, Ana' once they have one", () => {
    expect(welcome("Ana", 0)).toBe("Welcome, Ana");
    expect(welcome("Ana", 2)).toBe("Welcome back, Ana");
    expect(welcome(undefined, 0)).toBe("Welcome");
  });
});
