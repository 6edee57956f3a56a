import { describe, expect, it } from "vitest";
import { recipientLocale } from "./recipient-language";

describe("the language of a recipient", () => {
  it("is their account's, else the one they asked in, else the experience's, else English", () => {
    expect(recipientLocale({ account: "ja", asked: "de", experience: "fr" })).toBe("ja");
    expect(recipientLocale({ account: null, asked: "de", experience: "fr" })).toBe("de");
    expect(recipientLocale({ account: null, experience: "ar" })).toBe("ar");
    expect(recipientLocale({})).toBe("en");
  });

  it("passes over a saved value the product does not speak", () => {
    expect(recipientLocale({ account: "xx", experience: "he" })).toBe("he");
    expect(recipientLocale({ account: "en-XA", experience: "he" })).toBe("he");
  });
});
