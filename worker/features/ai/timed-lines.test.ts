import { describe, expect, it } from "vitest";
import { parseTimedLine } from "./timed-lines";

describe("parseTimedLine: the times an agenda line starts with", () => {
  it.each([
    ["09:00 Breakfast at the hotel", "09:00", "10:00", "Breakfast at the hotel"],
    ["10:30 - 12:00 Museum visit", "10:30", "12:00", "Museum visit"],
    ["10:30–12:00: Museum visit", "10:30", "12:00", "Museum visit"],
    ["2:30 pm – 4 pm Boat tour", "14:30", "16:00", "Boat tour"],
    ["9am Coffee", "09:00", "10:00", "Coffee"],
    ["9 a.m. Coffee", "09:00", "10:00", "Coffee"],
    ["12pm Lunch", "12:00", "13:00", "Lunch"],
    ["12am Night train", "00:00", "01:00", "Night train"],
    ["10 - 11:30 am Walk", "10:00", "11:30", "Walk"],
    ["11:30 - 1 pm Lunch", "11:30", "13:00", "Lunch"],
    ["2:30 pm - 4 Boat", "14:30", "16:00", "Boat"],
    ["9am to 5pm Conference", "09:00", "17:00", "Conference"],
    ["14h30 Visite", "14:30", "15:30", "Visite"],
    ["14.30 Tea", "14:30", "15:30", "Tea"],
    ["- 08:15 | Taxi to the airport", "08:15", "09:15", "Taxi to the airport"],
    ["• 18:00, Drinks", "18:00", "19:00", "Drinks"],
    ["10:30 - 12 Market", "10:30", "12:00", "Market"],
    ["07:00", "07:00", "08:00", ""],
    ["10am walking tour", "10:00", "11:00", "walking tour"],
    ["3:30 pm port wine tasting", "15:30", "16:30", "port wine tasting"],
    ["15h Visite guidée", "15:00", "16:00", "Visite guidée"],
    ["14h30 - 16h Atelier", "14:30", "16:00", "Atelier"],
    ["9 Uhr Stadtführung", "09:00", "10:00", "Stadtführung"],
    ["9.30 Uhr Frühstück", "09:30", "10:30", "Frühstück"],
    ["10-12 Uhr Workshop", "10:00", "12:00", "Workshop"],
    ["von 9 bis 11 Uhr Führung", "09:00", "11:00", "Führung"],
    ["10.30 Coffee", "10:30", "11:30", "Coffee"],
    ["10:00-12:00 Workshop", "10:00", "12:00", "Workshop"],
    ["from 10 to 12 Workshop", "10:00", "12:00", "Workshop"],
    ["de 10h à 12h Atelier", "10:00", "12:00", "Atelier"],
    ["de 10 a 12 Taller", "10:00", "12:00", "Taller"],
    ["dalle 10 alle 12 Laboratorio", "10:00", "12:00", "Laboratorio"],
    ["at 15:00 port wine tasting", "15:00", "16:00", "port wine tasting"],
    ["um 9 Uhr Abfahrt", "09:00", "10:00", "Abfahrt"],
  ])("reads '%s' as %s to %s, '%s'", (line, start, end, rest) => {
    expect(parseTimedLine(line)).toEqual({ start, end, rest });
  });

  it("never runs past midnight: a late start lasts until 23:59, a range past midnight ends at 23:59", () => {
    expect(parseTimedLine("23:30 Night walk")).toMatchObject({ start: "23:30", end: "23:59" });
    expect(parseTimedLine("22:00 - 02:00 Party")).toMatchObject({ start: "22:00", end: "23:59" });
    expect(parseTimedLine("23:59 Fireworks")).toMatchObject({ start: "23:58", end: "23:59" });
    expect(parseTimedLine("20:00 - 24:00 Gala")).toMatchObject({ start: "20:00", end: "23:59" });
  });

  it.each([
    "Breakfast at 9",
    "12 March",
    "12/03",
    "2026 conference",
    "1. Introduction",
    "10 - 12 people",
    "25:00 Impossible",
    "13pm Not a time",
    "09:75 Not a time",
    "3 amazing days",
    "2 hours of free time",
    "at 3 locations",
    "from 10 people",
    "",
  ])("finds no time at the start of '%s'", (line) => {
    expect(parseTimedLine(line)).toBeNull();
  });
});
