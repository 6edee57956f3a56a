import { describe, expect, it } from "vitest";
import { anActivity, timed } from "@web/test/fixtures";
import { parallelBlocks } from "./itinerary-format";

const at = (name: string, start: string, end: string, timeZone = "UTC") =>
  anActivity({ id: name, name, timeZone, ...timed(`2027-03-12T${start}`, `2027-03-12T${end}`) });
const shape = (blocks: ReturnType<typeof parallelBlocks>) => blocks.map((block) => [block.time, block.activities.map((a) => a.name)]);

describe("a day's activities in blocks of those at the same time (issue 38, parallel sessions)", () => {
  it("lays a 14:00 and a 14:30 workshop that overlap side by side under one time", () => {
    const blocks = parallelBlocks([at("Printing", "14:30", "16:00"), at("Pottery", "14:00", "15:30")], null);
    expect(shape(blocks)).toEqual([["02:00 PM – 04:00 PM UTC", ["Pottery", "Printing"]]]);
  });

  it("puts two workshops at the same 14:00 together, in the order of their names", () => {
    const blocks = parallelBlocks([at("Weaving", "14:00", "15:00"), at("Pottery", "14:00", "16:00")], null);
    expect(shape(blocks)).toEqual([["02:00 PM – 04:00 PM UTC", ["Pottery", "Weaving"]]]);
  });

  it("joins a talk that overlaps only another of the block, and runs the block to its latest end", () => {
    const conference = at("Keynote", "09:00", "12:00");
    const blocks = parallelBlocks([at("Panel", "11:30", "13:00"), at("Coffee", "09:30", "10:00"), conference], null);
    expect(shape(blocks)).toEqual([["09:00 AM – 01:00 PM UTC", ["Keynote", "Coffee", "Panel"]]]);
  });

  it("keeps back-to-back activities apart: one ending at 15:00 is not beside one starting at 15:00", () => {
    const blocks = parallelBlocks([at("Tasting", "15:00", "16:00"), at("Tour", "14:00", "15:00")], null);
    expect(shape(blocks)).toEqual([
      ["02:00 PM UTC", ["Tour"]],
      ["03:00 PM UTC", ["Tasting"]],
    ]);
  });

  it("keeps a day at leisure of six hours or more apart, so it does not hold every session beside it", () => {
    const blocks = parallelBlocks(
      [at("Free afternoon", "12:00", "18:00"), at("Golf", "13:00", "15:00"), at("Spa", "13:30", "15:00")],
      null,
    );
    expect(shape(blocks)).toEqual([
      ["12:00 PM UTC", ["Free afternoon"]],
      ["01:00 PM – 03:00 PM UTC", ["Golf", "Spa"]],
    ]);
  });

  it("heads a lone activity with its start alone, as before: '09:00 AM Lisbon time'", () => {
    const blocks = parallelBlocks([at("Tile museum", "09:00", "10:30", "Europe/Lisbon"), at("Lunch", "12:00", "13:00")], null);
    expect(shape(blocks)).toEqual([
      ["09:00 AM Lisbon time", ["Tile museum"]],
      ["12:00 PM UTC", ["Lunch"]],
    ]);
  });

  it("says a block's time on its first activity's clock, or on the reader's with 'Your time'", () => {
    const day = [at("Tile museum", "09:00", "10:30", "Europe/Lisbon"), at("Flight", "10:00", "11:00", "Asia/Tokyo")];
    expect(shape(parallelBlocks(day, null))).toEqual([["09:00 AM – 11:00 AM Lisbon time", ["Tile museum", "Flight"]]]);
    expect(parallelBlocks(day, "America/Los_Angeles")[0]?.time).toBe("01:00 AM – 03:00 AM PST");
  });

  it("has no blocks for a day without activities", () => {
    expect(parallelBlocks([], null)).toEqual([]);
  });
});
