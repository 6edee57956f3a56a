import { GENERATED_TEXT_MAX } from "../generator.schema";
import { type ActivityText, clip } from "./activity-text";
import { CELL } from "./pdf-layout";
import { parseTimedLine, type TimedLine } from "./timed-lines";

// A table's row of an agenda ('09:00\tOpening keynote\tMain Hall') as an activity: each cell by what its column
// holds, from the table's header row ('Time | Session | Speaker | Room') when it has one, else time, name, …, place.

type Role = "time" | "end" | "name" | "location" | "description";

// The words of a header cell for each role, in English, French, German, Spanish, Portuguese and Italian.
const HEADER_WORDS: Record<Role, string> = {
  time: "time times start hour when heure horaire début zeit uhrzeit beginn hora horario horário início ora orario inizio",
  end: "end until fin ende bis fim fine",
  name: "session activity title event programme program topic what agenda item séance activité titre sujet programm thema veranstaltung titel sesión actividad título tema evento sessão atividade sessione attività titolo",
  location: "room venue location place where hall stage salle lieu raum ort saal sala lugar local luogo aula",
  description:
    "description details notes speaker speakers host intervenant intervenants orateur sprecher referent beschreibung ponente orador descripción descrição relatore descrizione",
};
const ROLE_OF = new Map(Object.entries(HEADER_WORDS).flatMap(([role, words]) => words.split(" ").map((word) => [word, role as Role])));

/** The roles of a table's header row's cells ('Time\tSession\tRoom'), or null when the line is no header. */
export function headerRoles(line: string): Role[] | null {
  if (!line.includes(CELL)) return null;
  const roles = line.split(CELL).map((cell) => ROLE_OF.get(cell.trim().replace(/:$/, "").toLowerCase()));
  return roles.every((role) => role !== undefined) && roles.includes("time") ? roles : null;
}

/**
 * A timed row's activity: the cells after the time, by the header's roles (the time's own column left out), else
 * the first is the name, the last (of two or more) the place, any between them the description. A second time cell
 * ('09:00\t10:30\tKeynote') is the end.
 */
export function tableActivity(timed: TimedLine, header: Role[] | null, fallbackName: string): ActivityText & TimedLine {
  const { start } = timed;
  const all = timed.rest.split(CELL).map((cell) => cell.trim());
  const endCell = parseTimedLine(all[0] ?? "");
  const ends = all.length > 1 && endCell !== null && endCell.rest === "" && endCell.start > start;
  const end = ends ? endCell.start : timed.end;
  const cells = ends ? all.slice(1) : all;
  const roles: Role[] = header
    ? header.filter((role) => role !== "time" && role !== "end")
    : cells.map((_, i) => (i === 0 ? "name" : i === cells.length - 1 ? "location" : "description"));
  const of = (role: Role) => cells.filter((cell, i) => roles[i] === role && cell !== "").join(" – ");
  const name = of("name") || cells.find((cell) => cell !== "") || fallbackName;
  return {
    start,
    end,
    rest: timed.rest,
    name: clip(name, GENERATED_TEXT_MAX.activityName),
    location: clip(of("location"), GENERATED_TEXT_MAX.location),
    description: of("description") || name,
  };
}
