import { notXlsx } from "./limits";

const REF = /^\$?([A-Z]{1,3})\$?(\d{1,7})$/i;

/** The 0-based column of a cell reference such as `B7` (Excel's last column is XFD, 16,384). */
export function columnOf(ref: string): number {
  const match = REF.exec(ref);
  if (!match) throw notXlsx(`bad cell reference ${ref.slice(0, 20)}`);
  let column = 0;
  for (const letter of match[1]!.toUpperCase()) column = column * 26 + (letter.charCodeAt(0) - 64);
  return column - 1;
}

/** A row's 1-based number, from its `r` attribute. */
export function rowNumberOf(value: string): number {
  const number = /^\d{1,7}$/.test(value) ? Number(value) : 0;
  if (number < 1) throw notXlsx(`bad row number ${value.slice(0, 20)}`);
  return number;
}
