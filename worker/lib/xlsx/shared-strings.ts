import type { InflateBudget } from "./inflate-entry";
import { refuse, type XlsxLimits } from "./limits";
import { readXmlPart } from "./xml-parts";
import type { ZipEntry } from "./zip-directory";

/**
 * The shared-string table (xl/sharedStrings.xml): each <si> is plain text in <t>, or rich-text runs
 * <r><t>, whose texts join; phonetic hints (<rPh>) are not part of the value.
 */
export function readSharedStrings(entry: ZipEntry | undefined, budget: InflateBudget, limits: XlsxLimits): string[] {
  const strings: string[] = [];
  if (!entry) return strings;
  let total = 0;
  let current: string | null = null;
  let inText = false;
  let phonetic = 0;
  readXmlPart(entry, budget, limits, {
    open(name) {
      if (name === "si") {
        if (strings.length >= limits.sharedStrings)
          throw refuse(/*i18n*/ "The file holds more than {max, number} different texts", { max: limits.sharedStrings });
        current = "";
      } else if (name === "rPh") phonetic++;
      else if (name === "t") inText = current !== null && phonetic === 0;
    },
    close(name) {
      if (name === "si" && current !== null) {
        strings.push(current);
        current = null;
      } else if (name === "rPh") phonetic--;
      else if (name === "t") inText = false;
    },
    text(text) {
      if (!inText || current === null) return;
      current += text;
      total += text.length;
      if (current.length > limits.cellChars)
        throw refuse(/*i18n*/ "A cell holds more than {max, number} characters", { max: limits.cellChars });
      if (total > limits.sharedStringChars)
        throw refuse(/*i18n*/ "The file holds more than {max, number} characters of text", { max: limits.sharedStringChars });
    },
  });
  return strings;
}
