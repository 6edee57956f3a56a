import { describe, expect, it } from "vitest";
import { agendaLines } from "./inline-times";

describe("agendaLines: a prompt's sentences as the agenda lines they state", () => {
  it("cuts 'Day 1: 10:00 walking tour of Ribeira, 15:00 port wine tasting. Day 2: …' into its days and timed activities", () => {
    expect(
      agendaLines(
        "Day 1: 10:00 walking tour of Ribeira, 15:00 port wine tasting. Day 2: 09:30 Douro valley cruise, 19:00 farewell dinner at DOP",
      ),
    ).toEqual([
      "Day 1",
      "10:00 walking tour of Ribeira",
      "15:00 port wine tasting",
      "Day 2",
      "09:30 Douro valley cruise",
      "19:00 farewell dinner at DOP",
    ]);
  });

  it.each([
    ["10am breakfast; 11:30 walk then 3:30 pm tasting", ["10am breakfast", "11:30 walk", "3:30 pm tasting"]],
    ["09:00 coffee and 10:00-12:00 workshop", ["09:00 coffee", "10:00-12:00 workshop"]],
    ["14h30 visite du musée puis 18h apéritif", ["14h30 visite du musée", "18h apéritif"]],
    ["9 Uhr Stadtführung und 14 Uhr Kaffee", ["9 Uhr Stadtführung", "14 Uhr Kaffee"]],
    ["10.30 desayuno y 12:00 paseo", ["10.30 desayuno", "12:00 paseo"]],
    ["from 10 to 12 workshop, then at 15:00 tasting", ["from 10 to 12 workshop", "at 15:00 tasting"]],
  ])("cuts '%s' before each time", (line, lines) => {
    expect(agendaLines(line)).toEqual(lines);
  });

  it("moves a time stated after the activity in front of it: 'walking tour at 10am, port wine tasting at 3pm'", () => {
    expect(agendaLines("Day 1: walking tour at 10am, port wine tasting (15:00 - 17:00)")).toEqual([
      "Day 1",
      "at 10am walking tour",
      "15:00 - 17:00 port wine tasting",
    ]);
  });

  it.each([
    ["Check-in from 3pm", "from 3pm Check-in"],
    ["Breakfast 7–10am", "7–10am Breakfast"],
    ["Walk (10.30)", "10.30 Walk"],
    ["Stadtführung um 9 Uhr", "um 9 Uhr Stadtführung"],
  ])("reads the time at the end of '%s' as its start: '%s'", (line, moved) => {
    expect(agendaLines(line)).toEqual([moved]);
  });

  it("keeps a day's words before its first time as its title: 'Day 2: Sintra, 10:00 Pena Palace'", () => {
    expect(agendaLines("Day 2: Sintra, 10:00 Pena Palace")).toEqual(["Day 2: Sintra", "10:00 Pena Palace"]);
  });

  it("keeps untimed words after a comma or 'and' with their activity, and a new sentence on its own line", () => {
    expect(agendaLines("10:30 - 12:00 Museum visit, National Tile Museum and tiles. Bring shoes.")).toEqual([
      "10:30 - 12:00 Museum visit, National Tile Museum and tiles",
      "Bring shoes",
    ]);
  });

  it.each([
    "Lisbon city break",
    "Day 3: Sintra, Pena Palace and Regaleira",
    "Wednesday 11 March – Arrival",
    "Day 1 – Tuesday 12 March",
    "Donnerstag, 12. März – Altstadt",
    "Pricing, onboarding, AI features",
    "We arrive. Monday morning we take the train",
    "10 - 12 people, 3 hours",
    "Price: 12.50",
    "Tickets 10.30 each",
  ])("leaves '%s' as it is", (line) => {
    expect(agendaLines(line)).toEqual([line]);
  });

  it("opens a day only at a heading followed by a separator or a time: '… dinner. 12 March is the gala' stays one line", () => {
    expect(agendaLines("19:00 dinner. 12 March is the gala")).toEqual(["19:00 dinner", "12 March is the gala"]);
    expect(agendaLines("19:00 dinner. 12 March: gala")).toEqual(["19:00 dinner", "12 March: gala"]);
  });
});
