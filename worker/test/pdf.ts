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

/** Joins numbered objects into a file with a correct cross-reference table; `trailerExtra` goes into the trailer. */
function assemble(objects: string[], trailerExtra = "") {
  let body = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets = objects.map((object, i) => {
    const offset = body.length;
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("");
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${xref}\n%%EOF\n`;
  return Uint8Array.from(body, (char) => char.charCodeAt(0));
}

function documentObjects(pages: string[][]) {
  const first = 4;
  const kids = pages.map((_, i) => `${first + i * 2} 0 R`).join(" ");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
  ];
  pages.forEach((lines, i) => {
    const stream = textStream(lines);
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${first + i * 2 + 1} 0 R >>`,
      `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    );
  });
  return objects;
}

/** A PDF with one page per entry, each line of a page shown on its own line. */
export const pdfWithLines = (pages: string[][]) => assemble(documentObjects(pages));

/** A one-page PDF whose page shows nothing, as a scan without a text layer reads. */
export const emptyPdf = () => pdfWithLines([[]]);

/** A PDF protected by the standard security handler with a user password the reader does not have. */
export function encryptedPdf() {
  const objects = documentObjects([["Secret agenda"]]);
  const key = "<" + "ab".repeat(32) + ">";
  objects.push(`<< /Filter /Standard /V 1 /R 2 /O ${key} /U ${key} /P -44 >>`);
  const id = "<" + "0123456789abcdef".repeat(2) + ">";
  return assemble(objects, `/Encrypt ${objects.length} 0 R /ID [${id} ${id}] `);
}
