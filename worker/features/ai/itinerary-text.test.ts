import { describe, expect, it } from "vitest";
import { activityFromText } from "./activity-text";
import { agendaPreamble, itineraryFromText } from "./itinerary-text";

const range = { startDate: "2026-03-11", days: 3 };

describe("activityFromText: an agenda line's name, location and description", () => {
  it.each([
    ["Museum visit, National Tile Museum", "Museum visit", "National Tile Museum", "Museum visit, National Tile Museum"],
    ["Coffee @ Manteigaria", "Coffee", "Manteigaria", "Coffee @ Manteigaria"],
    ["Dinner at Cervejaria Ramiro", "Dinner at Cervejaria Ramiro", "Cervejaria Ramiro", "Dinner at Cervejaria Ramiro"],
    ["Boat tour, Tagus river – two hours at sunset", "Boat tour", "Tagus river", "two hours at sunset"],
    ["Free time", "Free time", "", "Free time"],
    ["farewell dinner at DOP", "Farewell dinner at DOP", "DOP", "farewell dinner at DOP"],
    ["Breakfast at the hotel", "Breakfast at the hotel", "", "Breakfast at the hotel"],
    ["Drinks at the Ritz", "Drinks at the Ritz", "the Ritz", "Drinks at the Ritz"],
    ["Lunch at noon", "Lunch at noon", "", "Lunch at noon"],
    ["Pricing, onboarding, AI features", "Pricing, onboarding, AI features", "", "Pricing, onboarding, AI features"],
    ["Keynote, pricing", "Keynote, pricing", "", "Keynote, pricing"],
    ["walking tour of Ribeira", "Walking tour of Ribeira", "", "walking tour of Ribeira"],
    ["iPhone workshop", "iPhone workshop", "", "iPhone workshop"],
    ["", "Activity", "", "Activity"],
  ])("reads '%s' as name '%s', location '%s', description '%s'", (text, name, location, description) => {
    expect(activityFromText(text, "Activity")).toEqual({ name, location, description });
  });

  it("cuts a name over 200 characters at a word and keeps the whole text as the description", () => {
    const long = "word ".repeat(60).trim();
    const activity = activityFromText(long, "Activity");
    expect(activity.name.length).toBeLessThanOrEqual(200);
    expect(activity.name.endsWith("…")).toBe(true);
    expect(activity.description).toBe(long);
  });
});

describe("itineraryFromText: an agenda's text as the days of the experience", () => {
  it("places each heading's lines on its day, sorted by start, and keeps the text before the first heading off the days", () => {
    const days = itineraryFromText(
      ["Lisbon city break", "Day 1: Arrival", "18:00 Check-in, Hotel Avenida", "15:00 Landing", "Day 3", "9am Coffee"].join("\n"),
      range,
    );
    expect(days.map((d) => [d.dayIndex, d.name, d.subtitle, d.description])).toEqual([
      [0, "Arrival", "Day 1", ""],
      [2, "Day 3", "", ""],
    ]);
    expect(days[0]!.activities.map((a) => [a.start, a.end, a.name, a.location])).toEqual([
      ["15:00", "16:00", "Landing", ""],
      ["18:00", "19:00", "Check-in", "Hotel Avenida"],
    ]);
  });

  it("reads an agenda's text before its first day heading as its preamble, the experience's description", () => {
    const text = ["Lisbon city break", "Three days of tiles and trams.", "08:30 Registration", "Day 1", "Free evening"].join("\n");
    expect(agendaPreamble(text)).toBe("Lisbon city break\nThree days of tiles and trams.");
    expect(itineraryFromText(text, range)).toMatchObject([{ description: "Free evening", activities: [{ name: "Registration" }] }]);
    expect(agendaPreamble("Lisbon city break\n09:00 Walk")).toBe("");
  });

  it("keeps every untimed line in its day's description", () => {
    const [day] = itineraryFromText(["Day 1", "Bring comfortable shoes.", "09:00 Walk", "Tickets are in the app."].join("\n"), range);
    expect(day!.description).toBe("Bring comfortable shoes.\nTickets are in the app.");
    expect(day!.activities).toHaveLength(1);
  });

  it("takes the next line as the text of a time alone on its line, as a table's cells read", () => {
    const [day] = itineraryFromText(["Day 1", "10:30 - 12:00", "Museum visit, National Tile Museum"].join("\n"), range);
    expect(day!.activities).toEqual([
      {
        name: "Museum visit",
        subtitle: "",
        description: "Museum visit, National Tile Museum",
        location: "National Tile Museum",
        start: "10:30",
        end: "12:00",
      },
    ]);
    expect(day!.description).toBe("");
  });

  it("leaves out the lines under a heading outside the range", () => {
    const days = itineraryFromText(["Day 1", "09:00 Walk", "Day 4", "09:00 Flight home", "Goodbye dinner notes"].join("\n"), range);
    expect(days.map((d) => d.dayIndex)).toEqual([0]);
    expect(JSON.stringify(days)).not.toContain("Flight home");
  });

  it("takes dated headings for other dates in order, as the first, second and third day", () => {
    const days = itineraryFromText(["12 June", "09:00 Walk", "13 June", "10:00 Tram", "14 June", "11:00 Fado"].join("\n"), range);
    expect(days.map((d) => [d.dayIndex, d.name, d.activities[0]!.name])).toEqual([
      [0, "12 June", "Walk"],
      [1, "13 June", "Tram"],
      [2, "14 June", "Fado"],
    ]);
  });

  it("reads 'Jour 2 — 14h30 Visite du musée' as day 2 at 14:30", () => {
    const [day] = itineraryFromText("Jour 2 — 14h30 Visite du musée", range);
    expect(day).toMatchObject({ dayIndex: 1, name: "Jour 2", activities: [{ name: "Visite du musée", start: "14:30", end: "15:30" }] });
  });

  it.each([
    ["Donnerstag, 12. März – Altstadt\n9 Uhr Stadtführung", 1, "Altstadt", "Donnerstag, 12. März", "09:00"],
    ["Jueves 12 de marzo\n10:30 Museo del Prado", 1, "Jueves 12 de marzo", "", "10:30"],
    ["Quinta-feira, 12 de março: Sintra\n15h Palácio da Pena", 1, "Sintra", "Quinta-feira, 12 de março", "15:00"],
    ["Giorno 3: Firenze\n10.30 Uffizi", 2, "Firenze", "Giorno 3", "10:30"],
    ["Tag 1\n14:00 - 16:00 Workshop", 0, "Tag 1", "", "14:00"],
  ])("places '%s' on day index %i named '%s' ('%s'), starting at %s", (text, dayIndex, name, subtitle, start) => {
    const [day] = itineraryFromText(text, range);
    expect(day).toMatchObject({ dayIndex, name, subtitle, activities: [{ start }] });
  });

  it("reads a time on the heading's own line as that day's activity", () => {
    const [day] = itineraryFromText("12/03 09:00 Breakfast", range);
    expect(day).toMatchObject({ dayIndex: 1, name: "12/03", activities: [{ name: "Breakfast", start: "09:00", end: "10:00" }] });
  });

  it("keeps activities over a day's cap of 50 as lines of its description", () => {
    const lines = [
      "Day 1",
      ...Array.from(
        { length: 52 },
        (_, i) => `${String(8 + Math.floor(i / 4)).padStart(2, "0")}:${String((i % 4) * 15).padStart(2, "0")} Talk ${i + 1}`,
      ),
    ];
    const [day] = itineraryFromText(lines.join("\n"), range);
    expect(day!.activities).toHaveLength(50);
    expect(day!.description).toBe("20:30 Talk 51\n20:45 Talk 52");
  });

  it("never throws on odd text", () => {
    const odd = [
      "",
      "\u0000\u0001",
      "(((",
      "99:99 - 88:88",
      "Day 999999999",
      "31/02",
      "- - -",
      "::",
      "am pm",
      "12:00 -",
      "🙂".repeat(5000),
    ].join("\n");
    expect(() => itineraryFromText(odd, range)).not.toThrow();
    expect(() => itineraryFromText(odd, { startDate: "2026-03-11", days: 0 })).not.toThrow();
  });
});
