// OWASP 'CSV injection': a spreadsheet runs a cell that starts with one of these as a formula (or, tab and carriage
// return, after trimming them). Exports put a single quote in front, so the cell reads as the text it is.
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell's text as an export writes it: quoted with ' when a spreadsheet would otherwise run it. */
export const safeCell = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);
