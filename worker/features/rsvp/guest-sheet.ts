import { refuse } from "@worker/lib/xlsx/limits";
import { readFirstSheet } from "@worker/lib/xlsx/read-first-sheet";
import { INVITE_FILE_MAX_ROWS } from "./rsvp.schema";

/** One data row of a guest list, its cells trimmed; `row` is the sheet's own number (the header is usually 1). */
export interface GuestRow {
  row: number;
  email: string;
  firstName: string;
  lastName: string;
  tags: string;
}

type Field = Exclude<keyof GuestRow, "row">;

/** Header texts per field, compared without case, spaces or punctuation ("E-mail address" is "emailaddress"). */
const HEADERS: Record<Field, string[]> = {
  email: ["email", "emailaddress", "emailid", "mail"],
  firstName: ["firstname", "first", "givenname", "forename"],
  lastName: ["lastname", "last", "surname", "familyname"],
  tags: ["tags", "tag", "labels", "label"],
};

const normalise = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, "");

/** The cap's refusal as the catalog holds it: the uploader reads it in their language (XlsxError's source and values). */
const TOO_MANY_ROWS = /*i18n*/ "The file lists more than {max, number} guests; split it into files of at most {max, number} rows";

export const GUEST_SHEET_MESSAGES = {
  noEmailColumn: /*i18n*/ "The first row must name the columns, with one called Email (see the template)",
  noGuests: /*i18n*/ "The file lists no guests under its header row",
  /** TOO_MANY_ROWS in English. */
  tooManyRows: `The file lists more than ${INVITE_FILE_MAX_ROWS.toLocaleString("en-US")} guests; split it into files of at most ${INVITE_FILE_MAX_ROWS.toLocaleString("en-US")} rows`,
} as const;

/**
 * The guests of a spreadsheet: the first row with a value is the header (an Email column is required;
 * First name, Last name and Tags are optional), every later row with a value is a guest. Reading stops
 * at once on the row past the cap.
 */
export function readGuestSheet(bytes: Uint8Array): GuestRow[] {
  let columns: Partial<Record<Field, number>> | null = null;
  const guests: GuestRow[] = [];
  readFirstSheet(bytes, ({ number, cells }) => {
    if (!columns) {
      columns = {};
      for (const [column, text] of cells) {
        const field = (Object.keys(HEADERS) as Field[]).find((f) => HEADERS[f].includes(normalise(text)));
        if (field && columns[field] === undefined) columns[field] = column;
      }
      if (columns.email === undefined) throw refuse(GUEST_SHEET_MESSAGES.noEmailColumn);
      return;
    }
    if (guests.length === INVITE_FILE_MAX_ROWS) throw refuse(TOO_MANY_ROWS, { max: INVITE_FILE_MAX_ROWS });
    const cell = (field: Field) => {
      const column = columns![field];
      return column === undefined ? "" : (cells.get(column) ?? "").trim();
    };
    guests.push({ row: number, email: cell("email"), firstName: cell("firstName"), lastName: cell("lastName"), tags: cell("tags") });
  });
  if (!columns) throw refuse(GUEST_SHEET_MESSAGES.noEmailColumn);
  if (guests.length === 0) throw refuse(GUEST_SHEET_MESSAGES.noGuests);
  return guests;
}
