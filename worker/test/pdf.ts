// Real PDFs for tests, written byte by byte: no binary fixtures. Text is Helvetica in WinAnsiEncoding.

const WIN_ANSI: Record<string, number> = {
  "€": 0x80,
  "…": 0x85,
  "‘": 0x91,
  "’": 0x92,
  "“": 0x93,
  "”": 0x94,
  "•": 0x95,
  "–": 0x96,
  "—": 0x97,
};

const winAnsi = (text: string) =>
  Array.from(text, (char) => {
    const code = WIN_ANSI[char] ?? char.charCodeAt(0);
    return String.fromCharCode(code <= 0xff ? code : 0x3f);
  }).join("");

const pdfString = (text: string) => `(${winAnsi(text).replace(/[\\()]/g, (c) => `\\${c}`)})`;

const textStream = (lines: string[]) => {
  if (lines.length === 0) return "";
  const shown = lines.map((line, i) => `${i === 0 ? "" : "0 -16 Td "}${pdfString(line)} Tj`).join("\n");
  return `BT\n/F1 12 Tf\n72 760 Td\n${shown}\nET`;
};

/** An object of a hand-written PDF: its text, or a stream whose dictionary is written as given (/Length included) before its bytes. */
export type PdfObject = string | { dictionary: string; data: Uint8Array };

const latin1 = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));

/** A stream object whose /Length is its data's. */
export const streamObject = (entries: string, data: Uint8Array): PdfObject => ({
  dictionary: `<< ${entries} /Length ${data.length} >>`,
  data,
});

/** Joins numbered objects into a file with a correct cross-reference table; `trailerExtra` goes into the trailer. */
export function assemble(objects: PdfObject[], trailerExtra = "") {
  const parts: Uint8Array[] = [];
  let length = 0;
  const add = (part: Uint8Array | string) => {
    const bytes = typeof part === "string" ? latin1(part) : part;
    parts.push(bytes);
    length += bytes.length;
  };
  add("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n");
  const offsets = objects.map((object, i) => {
    const offset = length;
    add(`${i + 1} 0 obj\n`);
    if (typeof object === "string") add(object);
    else {
      add(`${object.dictionary}\nstream\n`);
      add(object.data);
      add("\nendstream");
    }
    add("\nendobj\n");
    return offset;
  });
  const xref = length;
  add(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`);
  add(offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join(""));
  add(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${xref}\n%%EOF\n`);
  const file = new Uint8Array(length);
  parts.reduce((at, part) => (file.set(part, at), at + part.length), 0);
  return file;
}

/** The objects of a document of one page per content: a catalog, the page tree, Helvetica, then each page and its content. */
function documentObjects(contents: PdfObject[]): PdfObject[] {
  const first = 4;
  const kids = contents.map((_, i) => `${first + i * 2} 0 R`).join(" ");
  const objects: PdfObject[] = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${kids}] /Count ${contents.length} >>`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
  ];
  contents.forEach((content, i) => {
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${first + i * 2 + 1} 0 R >>`,
      content,
    );
  });
  return objects;
}

/** A page's content stream showing each line on its own line. */
export const textContent = (lines: string[]) => streamObject("", latin1(textStream(lines)));

/** A PDF whose pages have these content streams, with Helvetica as /F1. */
export const pdfWithContents = (contents: PdfObject[]) => assemble(documentObjects(contents));

/** A piece of text drawn with its baseline's left end at (x, y) points from the page's bottom left, in Helvetica 12 unless sized. */
export interface PlacedText {
  x: number;
  y: number;
  text: string;
  size?: number;
}

/** A page's content stream drawing each piece where it says, in the order given (a table's cells, a second column). */
const placedContent = (pieces: PlacedText[]) =>
  streamObject(
    "",
    latin1(pieces.map(({ x, y, text, size = 12 }) => `BT\n/F1 ${size} Tf\n1 0 0 1 ${x} ${y} Tm\n${pdfString(text)} Tj\nET`).join("\n")),
  );

/** A PDF with one page per entry, each piece of text drawn at its place (see PlacedText). */
export const pdfWithPlacedText = (pages: PlacedText[][]) => pdfWithContents(pages.map(placedContent));

/** A PDF with one page per entry, each line of a page shown on its own line. */
export const pdfWithLines = (pages: string[][]) => pdfWithContents(pages.map(textContent));

/** A one-page PDF whose page shows nothing, as a scan without a text layer reads. */
export const emptyPdf = () => pdfWithLines([[]]);

/** A PDF protected by the standard security handler with a user password the reader does not have. */
export function encryptedPdf() {
  const objects = documentObjects([textContent(["Secret agenda"])]);
  const key = "<" + "ab".repeat(32) + ">";
  objects.push(`<< /Filter /Standard /V 1 /R 2 /O ${key} /U ${key} /P -44 >>`);
  const id = "<" + "0123456789abcdef".repeat(2) + ">";
  return assemble(objects, `/Encrypt ${objects.length} 0 R /ID [${id} ${id}] `);
}
