import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { xlsxBytes, zipBombFile } from "@worker/test/xlsx";
import { InflateBudget, streamEntryText } from "./inflate-entry";
import { DEFAULT_XLSX_LIMITS, XlsxError, type XlsxLimits } from "./limits";
import { readFirstSheet } from "./read-first-sheet";
import type { SheetRow } from "./worksheet";
import { readZipDirectory } from "./zip-directory";

const rowsOf = (bytes: Uint8Array, limits = DEFAULT_XLSX_LIMITS) => {
  const rows: [number, Record<number, string>][] = [];
  readFirstSheet(bytes, (row: SheetRow) => rows.push([row.number, Object.fromEntries(row.cells)]), limits);
  return rows;
};

const sheet = (body: string, prefix = "") =>
  `<?xml version="1.0"?><${prefix}worksheet xmlns${prefix ? `:${prefix.slice(0, -1)}` : ""}="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><${prefix}sheetData>${body}</${prefix}sheetData></${prefix}worksheet>`;
const zipOf = (parts: Record<string, string>, level: 0 | 6 = 6) =>
  zipSync(Object.fromEntries(Object.entries(parts).map(([name, xml]) => [name, strToU8(xml)])), { level });

const refusal = (read: () => unknown) => {
  try {
    read();
  } catch (error) {
    if (error instanceof XlsxError) return [error.kind, error.message];
    throw error;
  }
  throw new Error("not refused");
};

describe("readFirstSheet", () => {
  it("reads shared strings written after the sheet, inline strings and numbers, leaving out empty cells and empty rows", () => {
    const rows = [["Email", "Name"], [null, "Only B"], [], ["a@example.com", 12.5]];
    expect(rowsOf(xlsxBytes(rows))).toEqual([
      [1, { 0: "Email", 1: "Name" }],
      [2, { 1: "Only B" }],
      [4, { 0: "a@example.com", 1: "12.5" }],
    ]);
    expect(rowsOf(xlsxBytes(rows, { strings: "inline" }))).toEqual(rowsOf(xlsxBytes(rows)));
  });

  it("joins rich-text runs, drops phonetic hints, unescapes entities, and reads stored (uncompressed) parts", () => {
    const bytes = zipOf(
      {
        "xl/worksheets/sheet1.xml": sheet(
          `<row r="3"><c r="C3" t="s"><v>0</v></c><c r="D3" t="b"><v>1</v></c><c r="E3" t="e"><v>#N/A</v></c></row>`,
        ),
        "xl/sharedStrings.xml": `<sst><si><r><t>Ana &amp; </t></r><r><t>Ben</t></r><rPh><t>ana</t></rPh></si></sst>`,
      },
      0,
    );
    expect(rowsOf(bytes)).toEqual([[3, { 2: "Ana & Ben", 3: "TRUE" }]]);
  });

  it("reads elements under a namespace prefix and cells without references, in order", () => {
    const bytes = zipOf({
      "xl/worksheets/sheet1.xml": sheet(`<x:row><x:c t="inlineStr"><x:is><x:t>a</x:t></x:is></x:c><x:c><x:v>2</x:v></x:c></x:row>`, "x:"),
    });
    expect(rowsOf(bytes)).toEqual([[1, { 0: "a", 1: "2" }]]);
  });

  it("reads the first sheet in tab order, whatever its part's name", () => {
    const bytes = zipOf({
      "xl/workbook.xml": `<workbook xmlns:r="r"><sheets><sheet name="Guests" r:id="rId7"/><sheet name="Other" r:id="rId1"/></sheets></workbook>`,
      "xl/_rels/workbook.xml.rels": `<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/><Relationship Id="rId7" Target="/xl/worksheets/sheet2.xml"/></Relationships>`,
      "xl/worksheets/sheet1.xml": sheet(`<row><c t="inlineStr"><is><t>other</t></is></c></row>`),
      "xl/worksheets/sheet2.xml": sheet(`<row><c t="inlineStr"><is><t>guests</t></is></c></row>`),
    });
    expect(rowsOf(bytes)).toEqual([[1, { 0: "guests" }]]);
  });

  it.each([
    ["bytes that are not a zip", strToU8("Email,Name\n")],
    ["a zip without a worksheet", zipOf({ "word/document.xml": "<document/>" })],
    [
      "a sheet with a DOCTYPE (entity expansion)",
      zipOf({ "xl/worksheets/sheet1.xml": `<!DOCTYPE x [<!ENTITY a "aaaa">]>${sheet("<row><c><v>&a;</v></c></row>")}` }),
    ],
    ["malformed XML", zipOf({ "xl/worksheets/sheet1.xml": sheet("<row><c><v>1</c></row>") })],
    ["a shared string that does not exist", zipOf({ "xl/worksheets/sheet1.xml": sheet(`<row><c t="s"><v>3</v></c></row>`) })],
  ])("refuses %s as not an .xlsx", (_, bytes) => {
    expect(refusal(() => rowsOf(bytes))[0]).toBe("not-xlsx");
  });

  it.each([
    ["a cell longer than the cap", { cellChars: 5 }, [["123456"]], "A cell holds more than 5 characters"],
    [
      "an inline cell longer than the cap",
      { cellChars: 5 },
      [["123456"]],
      "A cell in row 1 holds more than 5 characters",
      "inline" as const,
    ],
    [
      "a value beyond the last column",
      { columns: 2 },
      [[null, null, "x"]],
      "Row 1 has values beyond column 2; keep the guest list in the first 2 columns",
    ],
    ["more shared strings than the cap", { sharedStrings: 2 }, [["a", "b", "c"]], "The file holds more than 2 different texts"],
  ])("refuses %s in words", (_, limits, rows, message, strings?: "inline") => {
    expect(refusal(() => rowsOf(xlsxBytes(rows, { strings }), { ...DEFAULT_XLSX_LIMITS, ...limits }))).toEqual(["refused", message]);
  });

  const hostile = (body: string) => zipOf({ "xl/worksheets/sheet1.xml": sheet(body) });
  const attributes = (n: number) => Array.from({ length: n }, (_, i) => `a${i}="1"`).join(" ");

  it.each([
    [
      "elements nested deeper than 32",
      hostile(`<row>${"<a>".repeat(30)}${"</a>".repeat(30)}</row>`),
      "The file nests elements more than 32 deep; it was not read",
    ],
    [
      "300,000 nested elements (a parser stack past the Worker's memory)",
      hostile("<a>".repeat(300_000)),
      "The file nests elements more than 32 deep; it was not read",
    ],
    [
      "an element with more than 64 attributes",
      hostile(`<row><c ${attributes(65)}/></row>`),
      "An element of the file has more than 64 attributes; it was not read",
    ],
    [
      "an attribute value longer than 65,536 characters",
      hostile(`<row><c r="A1" foo="${"x".repeat(70_000)}"/></row>`),
      "The file holds a tag or a text longer than 65,536 characters; it was not read",
    ],
    [
      "a text outside any cell longer than 65,536 characters",
      hostile(`<row><c t="inlineStr"><is><t>Email</t></is></c></row>${"x".repeat(70_000)}`),
      "The file holds a tag or a text longer than 65,536 characters; it was not read",
    ],
    [
      "a zip of more parts than the cap",
      zipOf({ "a.xml": "<a/>", "b.xml": "<b/>", "xl/worksheets/sheet1.xml": sheet("") }),
      "The file holds more than 2 parts; this is not a guest list",
      { zipEntries: 2 },
    ],
    [
      "shared strings longer in all than the cap",
      xlsxBytes([["abcd", "efgh"]]),
      "The file holds more than 6 characters of text",
      { sharedStringChars: 6 },
    ],
  ])("refuses %s, naming the cap", (_, bytes, message, limits: Partial<XlsxLimits> = {}) => {
    expect(refusal(() => rowsOf(bytes, { ...DEFAULT_XLSX_LIMITS, ...limits }))).toEqual(["refused", message]);
  });

  it("reads a sheet at the structural caps: 64 attributes on a cell, and a cell of 1,000 characters", () => {
    const text = "y".repeat(1_000);
    const bytes = hostile(`<row r="1"><c r="A1" t="inlineStr" ${attributes(62)}><is><t>${text}</t></is></c></row>`);
    expect(rowsOf(bytes)).toEqual([[1, { 0: text }]]);
  });

  it("stops a zip bomb at the inflated-size cap, never inflating the rest", async () => {
    const bytes = new Uint8Array(await zipBombFile(40).arrayBuffer());
    const entry = readZipDirectory(bytes, 10).get("xl/worksheets/sheet1.xml")!;
    expect(entry.declaredSize).toBeGreaterThan(40 * 1024 * 1024);
    let seen = 0;
    const cap = 8 * 1024 * 1024;
    expect(refusal(() => streamEntryText(entry, new InflateBudget(cap), (text) => (seen += text.length)))[0]).toBe("refused");
    // One step of 4 KB compressed inflates to at most ~4 MB, and the step that crosses the cap is refused unread.
    expect(seen).toBeLessThanOrEqual(cap);
    expect(seen).toBeGreaterThan(cap / 2);
  });
});
