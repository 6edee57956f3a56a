// The words of a day heading in English, French, German, Spanish, Portuguese and Italian: 'Day', 'Jour', 'Tag', 'Día',
// 'Dia', 'Giorno'; the months ('March', 'mars', 'März', 'marzo', 'março') and the weekdays ('Tuesday', 'mardi',
// 'Dienstag', 'martes', 'terça-feira', 'martedì'). Abbreviations only where no language reads them as another word.

/** The words for 'day' before its number ('Jour 2'), or after an ordinal ('2e jour', '2. Tag'). */
export const DAY_WORDS = ["day", "jour", "tag", "día", "dia", "giorno"];

const MONTH_NAMES: string[][] = [
  ["january", "jan", "janvier", "janv", "januar", "jänner", "enero", "ene", "janeiro", "gennaio", "gen"],
  ["february", "feb", "février", "fevrier", "févr", "fevr", "februar", "febrero", "fevereiro", "fev", "febbraio"],
  ["march", "mar", "mars", "märz", "maerz", "mrz", "marzo", "março", "marco"],
  ["april", "apr", "avril", "avr", "abril", "abr", "aprile"],
  ["may", "mai", "mayo", "maio", "maggio", "mag"],
  ["june", "jun", "juin", "juni", "junio", "junho", "giugno", "giu"],
  ["july", "jul", "juillet", "juil", "juli", "julio", "julho", "luglio", "lug"],
  ["august", "aug", "août", "aout", "agosto", "ago"],
  ["september", "sep", "sept", "septembre", "septiembre", "setiembre", "setembro", "settembre"],
  ["october", "oct", "octobre", "oktober", "okt", "octubre", "outubro", "ottobre", "ott"],
  ["november", "nov", "novembre", "noviembre", "novembro"],
  ["december", "dec", "décembre", "decembre", "déc", "dezember", "dez", "diciembre", "dic", "dezembro", "dicembre"],
];

// Sunday first, as Date#getUTCDay counts.
const WEEKDAY_NAMES: string[][] = [
  ["sunday", "sun", "dimanche", "sonntag", "domingo", "domenica"],
  ["monday", "mon", "lundi", "montag", "lunes", "segunda-feira", "segunda", "lunedì", "lunedi"],
  ["tuesday", "tue", "tues", "mardi", "dienstag", "martes", "terça-feira", "terca-feira", "terça", "terca", "martedì", "martedi"],
  ["wednesday", "wed", "mercredi", "mittwoch", "miércoles", "miercoles", "quarta-feira", "quarta", "mercoledì", "mercoledi"],
  ["thursday", "thu", "thur", "thurs", "jeudi", "donnerstag", "jueves", "quinta-feira", "quinta", "giovedì", "giovedi"],
  ["friday", "fri", "vendredi", "freitag", "viernes", "sexta-feira", "sexta", "venerdì", "venerdi"],
  ["saturday", "sat", "samedi", "samstag", "sonnabend", "sábado", "sabado", "sabato"],
];

const numbered = (names: string[][], first: number) =>
  new Map(names.flatMap((words, index) => words.map((word) => [word, index + first] as const)));
const MONTHS = numbered(MONTH_NAMES, 1);
const WEEKDAYS = numbered(WEEKDAY_NAMES, 0);

/** 1–12 for a month's name or abbreviation in any of the six languages, else null. */
export const monthNumber = (word: string) => MONTHS.get(word.toLowerCase()) ?? null;

/** 0 (Sunday) – 6 for a weekday's name in any of the six languages, else null. */
export const weekdayNumber = (word: string) => WEEKDAYS.get(word.toLowerCase()) ?? null;
