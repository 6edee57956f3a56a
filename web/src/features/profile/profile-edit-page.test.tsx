import { describe, expect, it } from "vitest";
import { addInterest } from "./profile-edit-page";

describe("interests", () => {
  it("are trimmed", () => expect(addInterest([], "  hiking ")).toEqual(["hiking"]));
  it("ignore empty ones", () => expect(addInterest(["a"], "   ")).toEqual(["a"]));
  it("do not add duplicates", () => expect(addInterest(["Hiking"], "hiking")).toEqual(["Hiking"]));
});
