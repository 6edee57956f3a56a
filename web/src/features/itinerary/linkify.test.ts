import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isPhoneNumber, linkifyParts, telHref, trimUrl } from "./linkify";

/** The links found in a text, as `{ kind, text }`, plain text left out. */
const linksIn = (text: string) => linkifyParts(text).filter((part) => part.kind !== "text");
const phone = (text: string) => ({ kind: "phone", text });
const url = (text: string) => ({ kind: "url", text, href: new URL(text).href });

describe("phone numbers in activity text (spec 2 §5)", () => {
  it("finds numbers written in international and national forms", () => {
    expect(linksIn("Call +351 21 123 4567 to book.")).toEqual([phone("+351 21 123 4567")]);
    expect(linksIn("US office: +1-415-555-0100")).toEqual([phone("+1-415-555-0100")]);
    expect(linksIn("Front desk (415) 555-0100, ask for Ana")).toEqual([phone("(415) 555-0100")]);
    expect(linksIn("London: 020 7946 0958.")).toEqual([phone("020 7946 0958")]);
    expect(linksIn("Hotel +35121123456")).toEqual([phone("+35121123456")]);
  });

  it("does not take dates, times, time ranges, lists of years or decimals for phone numbers", () => {
    for (const text of [
      "Arrive on 2027-03-12 at 09:30.",
      "From 2027-03-12 to 2027-03-14",
      "Check-in 12.03.2027 and out 14-03-2027",
      "Open 1200 - 1400 daily",
      "Open 1200-1400 daily",
      "Open 09:00-17:00",
      "Winners in 2019 2021 2023",
      "Held 2019-2021, again 2025, 2026, 2027",
      "Pi is 3.14159265",
    ])
      expect(linksIn(text), text).toEqual([]);
  });

  it("finds a phone number next to a time range", () => {
    expect(linksIn("Open 0900 - 1700, call 020 7946 0958")).toEqual([phone("020 7946 0958")]);
  });

  it("takes a bare run of digits for a phone number only in international form", () => {
    expect(isPhoneNumber("+35121123456")).toBe(true);
    expect(isPhoneNumber("20270312")).toBe(false);
    expect(linksIn("Booking reference 4815162342")).toEqual([]);
  });

  it("wants 8 to 15 digits", () => {
    expect(isPhoneNumber("555 0100")).toBe(false);
    expect(isPhoneNumber("+1 555 0100")).toBe(true);
    expect(isPhoneNumber("+123 4567 8901 2345")).toBe(true);
    expect(isPhoneNumber("+123 4567 8901 23456")).toBe(false);
  });

  it("does not take digits that are part of a word", () => {
    expect(linksIn("Room B12345678, gate 4")).toEqual([]);
    expect(linksIn("Flight TP1234567 5678")).toEqual([]);
  });

  it("dials the digits and a leading '+', without spaces, dots, dashes or parentheses", () => {
    expect(telHref("+351 21 123 4567")).toBe("tel:+351211234567");
    expect(telHref("+1-415-555-0100")).toBe("tel:+14155550100");
    expect(telHref("(415) 555.0100")).toBe("tel:4155550100");
  });
});

describe("URLs in activity text (spec 2 §5)", () => {
  it("links http and https addresses up to the next space", () => {
    expect(linksIn("Tickets at https://example.com/tickets?day=2&seat=A4 today")).toEqual([
      url("https://example.com/tickets?day=2&seat=A4"),
    ]);
    expect(linksIn("Old site http://example.com")).toEqual([url("http://example.com")]);
    expect(linksIn("ftp://example.com and www.example.com")).toEqual([]);
  });

  it("leaves the sentence's trailing punctuation out of the link", () => {
    expect(linksIn("See https://example.com/tickets.")).toEqual([url("https://example.com/tickets")]);
    expect(linksIn("Menus https://a.example/x, https://b.example/y; https://c.example/z: https://d.example!?")).toEqual([
      url("https://a.example/x"),
      url("https://b.example/y"),
      url("https://c.example/z"),
      url("https://d.example"),
    ]);
    expect(linksIn(`He wrote 'https://example.com/a' and "https://example.com/b"`)).toEqual([
      url("https://example.com/a"),
      url("https://example.com/b"),
    ]);
  });

  it("leaves an unbalanced closing parenthesis out, and keeps a balanced one", () => {
    expect(linksIn("(map: https://example.com/map)")).toEqual([url("https://example.com/map")]);
    expect(linksIn("Read https://en.wikipedia.org/wiki/Lisbon_(city).")).toEqual([url("https://en.wikipedia.org/wiki/Lisbon_(city)")]);
    expect(trimUrl("https://example.com/a_(b))).")).toBe("https://example.com/a_(b)");
  });

  it("keeps what it trimmed as text after the link", () => {
    expect(linkifyParts("(map: https://example.com/map).")).toEqual([
      { kind: "text", text: "(map: " },
      url("https://example.com/map"),
      { kind: "text", text: ")." },
    ]);
  });

  it("does not link a scheme with nothing after it", () => {
    expect(linksIn("Type https:// then the address.")).toEqual([]);
  });

  it("ends a URL at a bidi control or an invisible character, so none is ever inside a link", () => {
    expect(linkifyParts("Pay at https://example.com/\u202Emoc.live\u202C today")).toEqual([
      { kind: "text", text: "Pay at " },
      url("https://example.com/"),
      { kind: "text", text: "\u202Emoc.live\u202C today" },
    ]);
    for (const invisible of ["\u200B", "\u2066", "\u200E", "\u0000"])
      expect(linksIn(`https://bank.example${invisible}.evil.example`)).toEqual([url("https://bank.example")]);
  });

  it("links the parsed address: the host in ASCII, the rest percent-encoded, and what does not parse stays text", () => {
    expect(linksIn("Menu at https://café.example/carte")).toEqual([
      { kind: "url", text: "https://café.example/carte", href: "https://xn--caf-dma.example/carte" },
    ]);
    expect(linksIn("Broken https://[::1 and https://example.com:99999/")).toEqual([]);
  });

  it("does not take the digits of a URL for a phone number", () => {
    expect(linksIn("https://example.com/booking/020-7946-0958")).toEqual([url("https://example.com/booking/020-7946-0958")]);
  });
});

describe("the cut", () => {
  it("gives back plain text as one part", () => {
    expect(linkifyParts("Lunch by the river, then a walk.")).toEqual([{ kind: "text", text: "Lunch by the river, then a walk." }]);
    expect(linkifyParts("")).toEqual([]);
  });

  it("loses no character and never leaves two plain parts side by side, whatever the text", () => {
    const pieces = fc.constantFrom("https://example.com/a", "(", ")", ".", " ", "-", "+", "020 7946 0958", "1200", "x", "\n", "2027-03-12");
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.array(pieces).map((p) => p.join("")),
        ),
        (text) => {
          const parts = linkifyParts(text);
          expect(parts.map((p) => p.text).join("")).toBe(text);
          expect(parts.every((p) => p.text.length > 0)).toBe(true);
          expect(parts.some((p, i) => p.kind === "text" && parts[i + 1]?.kind === "text")).toBe(false);
        },
      ),
    );
  });
});
