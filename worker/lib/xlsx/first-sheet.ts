import type { InflateBudget } from "./inflate-entry";
import { notXlsx, type XlsxLimits } from "./limits";
import { attribute, readXmlPart } from "./xml-parts";
import type { ZipEntry } from "./zip-directory";

const WORKSHEET = /^xl\/worksheets\/[^/]+\.xml$/;

/**
 * The workbook's first sheet, in tab order: xl/workbook.xml names it, xl/_rels/workbook.xml.rels says which
 * part holds it. A workbook without those (some minimal writers) falls back to the first worksheet part by
 * name; none at all means the file is not a spreadsheet (a .docx, a renamed zip).
 */
export function firstSheet(entries: Map<string, ZipEntry>, budget: InflateBudget, limits: XlsxLimits): ZipEntry {
  const byWorkbook = sheetFromWorkbook(entries, budget, limits);
  if (byWorkbook) return byWorkbook;
  const [first] = [...entries.keys()].filter((name) => WORKSHEET.test(name)).sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
  if (!first) throw notXlsx("no worksheet");
  return entries.get(first)!;
}

function sheetFromWorkbook(entries: Map<string, ZipEntry>, budget: InflateBudget, limits: XlsxLimits): ZipEntry | undefined {
  const workbook = entries.get("xl/workbook.xml");
  const rels = entries.get("xl/_rels/workbook.xml.rels");
  if (!workbook || !rels) return undefined;
  let relationId: string | undefined;
  readXmlPart(workbook, budget, limits, {
    open(name, attributes) {
      if (name === "sheet" && relationId === undefined) relationId = attribute(attributes, "id");
    },
    close() {},
    text() {},
  });
  if (relationId === undefined) return undefined;
  let target: string | undefined;
  readXmlPart(rels, budget, limits, {
    open(name, attributes) {
      if (name === "Relationship" && attributes.Id === relationId) target = attributes.Target;
    },
    close() {},
    text() {},
  });
  return target === undefined ? undefined : entries.get(partName(target));
}

/** A relationship target, relative to xl/ or absolute from the package root. */
const partName = (target: string) => (target.startsWith("/") ? target.slice(1) : `xl/${target.replace(/^\.\//, "")}`);
