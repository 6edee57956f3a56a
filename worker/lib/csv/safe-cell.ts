// OWASP 'CSV injection': a spreadsheet runs a cell that starts with one of these as a formula (or, tab and carriage
// return, after trimming them). Exports put a single quote in front, so the cell reads as the text it is.
const FORMULA_START = /^[=+\-@\t\r]/;

/** Control characters no spreadsheet cell keeps (XML 1.0 cannot hold them; tab, line feed and carriage return stay). */
// eslint-disable-next-line no-control-regex
const NOT_IN_CELLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/**
 * A cell's text as an export writes it: cleaned of the characters a cell cannot hold first, then quoted with ' when a
 * spreadsheet would run it — in that order, so '\u0000=1+1' is guarded as the '=1+1' it becomes.
 */
export const safeCell = (text: string) => {
  const clean = text.replace(NOT_IN_CELLS, "");
  return FORMULA_START.test(clean) ? `'${clean}` : clean;
};
