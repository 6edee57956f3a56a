import { describe, expect, it } from "vitest";
import { dayIndexOf, parseDayHeading } from "./day-headings";

// 2026-03-11 is a Wednesday.
const range = { startDate: "2026-03-11", days: 5 };
const indexOf = (line: string, from = 0) => {
  const heading = parseDayHeading(line);
  expect(heading, line).not.toBeNull();
  return dayIndexOf(heading!, range, from);
};

describe("day headings: the lines that open a day, and the day of the experience they name", () => {
  it.each([
    ["Day 1", 0],
    ["DAY 3: Sintra", 2],
    ["## Day two – Belém", 1],
    ["12 March", 1],
    ["12th of March 2026", 1],
    ["March 13", 2],
    ["Mar 13th, 2026: Porto", 2],
    ["Friday 13 March – Cascais", 2],
    ["2026-03-14", 3],
    ["14/03", 3],
    ["14/03/2026", 3],
    ["03/15", 4],
    ["15.03.2026", 4],
    ["Wednesday", 0],
    ["Thursday: Alfama", 1],
    ["Sun", 4],
    ["Jour 2", 1],
    ["2e jour : Sintra", 1],
    ["Jeudi 12 mars", 1],
    ["vendredi 13 mars 2026 – Porto", 2],
    ["Le 13 mars", 2],
    ["Vendredi", 2],
    ["Tag 1", 0],
    ["1. Tag", 0],
    ["Donnerstag, 12. März", 1],
    ["12. März 2026", 1],
    ["Freitag", 2],
    ["Samstag", 3],
    ["Día 2", 1],
    ["Jueves 12 de marzo", 1],
    ["viernes, 13 de marzo de 2026", 2],
    ["Sábado", 3],
    ["Dia 2", 1],
    ["Quinta-feira, 12 de março", 1],
    ["2º dia", 1],
    ["Quinta-feira: Sintra", 1],
    ["Giorno 3", 2],
    ["Giovedì 12 marzo", 1],
    ["Domenica", 4],
  ])("'%s' opens day index %i", (line, index) => {
    expect(indexOf(line)).toBe(index);
  });

  it("keeps a heading's title apart from its label", () => {
    expect(parseDayHeading("Day 2: Sintra and Pena Palace")).toMatchObject({ label: "Day 2", title: "Sintra and Pena Palace" });
    expect(parseDayHeading("Friday 13 March – Cascais")).toMatchObject({ label: "Friday 13 March", title: "Cascais" });
    expect(parseDayHeading("12 March")).toMatchObject({ label: "12 March", title: "" });
  });

  it("names no day for a heading outside the range", () => {
    expect(indexOf("Day 6")).toBeNull();
    expect(indexOf("Day 0")).toBeNull();
    expect(indexOf("20 March")).toBeNull();
    expect(indexOf("2025-03-12")).toBeNull();
    expect(indexOf("Tuesday")).toBeNull();
  });

  it.each(["Monday", "Lundi", "Montag", "Lunes", "Segunda-feira", "Lunedì"])("reads '%s' as the Monday of the range", (line) => {
    expect(dayIndexOf(parseDayHeading(line)!, { startDate: "2026-03-11", days: 7 })).toBe(5);
  });

  it("keeps 'Donnerstag, 12. März – Anreise' apart as label 'Donnerstag, 12. März' and title 'Anreise'", () => {
    expect(parseDayHeading("Donnerstag, 12. März – Anreise")).toMatchObject({ label: "Donnerstag, 12. März", title: "Anreise" });
  });

  it("reads a date without a year in the next year when the range crosses new year", () => {
    expect(dayIndexOf(parseDayHeading("2 January")!, { startDate: "2026-12-30", days: 5 })).toBe(3);
  });

  it("takes a weekday from the day it is read on, so a second Monday is the next Monday", () => {
    const fortnight = { startDate: "2026-03-09", days: 14 };
    expect(dayIndexOf(parseDayHeading("Monday")!, fortnight, 0)).toBe(0);
    expect(dayIndexOf(parseDayHeading("Monday")!, fortnight, 1)).toBe(7);
  });

  it.each([
    "Monday morning we take the train",
    "Sunset cruise",
    "Marina walk",
    "May we suggest",
    "12.30 Lunch",
    "09:00 Breakfast",
    "Daytime tour",
    "The 12 March plan",
    "2 days in Lisbon",
    "3 Tage in Berlin",
    "1. Introduction",
    "Quinta da Regaleira visit",
    "Lundis musicaux au parc",
    "Marzo is the best month",
  ])("does not take '%s' for a heading", (line) => {
    expect(parseDayHeading(line)).toBeNull();
  });
});
