import { SaxesParser } from "saxes";
import { type InflateBudget, streamEntryText } from "./inflate-entry";
import { notXlsx, refuse, XlsxError, type XlsxLimits } from "./limits";
import type { ZipEntry } from "./zip-directory";

export interface XmlHandlers {
  /** An element opens; `name` without its namespace prefix (some writers use `x:row`). */
  open(name: string, attributes: Record<string, string>): void;
  close(name: string): void;
  text(text: string): void;
}

const localName = (name: string) => name.slice(name.indexOf(":") + 1);

/**
 * Refuses a run of more than `max` characters without a `<`, before the parser sees it: saxes holds a tag
 * (every attribute value) and a text whole until it ends, and neither may hold a `<`, so this bounds both.
 */
function markupGuard(max: number) {
  let run = 0;
  const tooLong = () => refuse(/*i18n*/ "The file holds a tag or a text longer than {max, number} characters; it was not read", { max });
  return (text: string) => {
    let from = 0;
    for (let at = text.indexOf("<"); at !== -1; at = text.indexOf("<", from)) {
      if (run + at - from > max) throw tooLong();
      run = 0;
      from = at + 1;
    }
    run += text.length - from;
    if (run > max) throw tooLong();
  };
}

/**
 * Streams one XML part of the workbook through saxes. A DOCTYPE is refused outright: SpreadsheetML never
 * has one, and refusing it rules out entity tricks. Nesting, attributes per element and the length of a
 * tag or text are capped (see XlsxLimits). Handlers may throw an XlsxError to stop the read.
 */
export function readXmlPart(entry: ZipEntry, budget: InflateBudget, limits: XlsxLimits, handlers: XmlHandlers): void {
  const parser = new SaxesParser();
  let depth = 0;
  let attributes = 0;
  parser.on("doctype", () => {
    throw notXlsx(`DOCTYPE in ${entry.name}`);
  });
  parser.on("error", (error) => {
    throw error instanceof XlsxError ? error : notXlsx(`malformed XML in ${entry.name}`);
  });
  parser.on("opentagstart", () => {
    attributes = 0;
  });
  parser.on("attribute", () => {
    if (++attributes > limits.attributes)
      throw refuse(/*i18n*/ "An element of the file has more than {max, number} attributes; it was not read", { max: limits.attributes });
  });
  parser.on("opentag", (tag) => {
    if (++depth > limits.depth)
      throw refuse(/*i18n*/ "The file nests elements more than {max, number} deep; it was not read", { max: limits.depth });
    handlers.open(localName(tag.name), tag.attributes);
  });
  parser.on("closetag", (tag) => {
    depth--;
    handlers.close(localName(tag.name));
  });
  parser.on("text", handlers.text);
  parser.on("cdata", handlers.text);
  const guard = markupGuard(limits.markupChars);
  streamEntryText(entry, budget, (text) => {
    if (!text) return;
    guard(text);
    parser.write(text);
  });
  parser.close();
}

/** An attribute by its local name (`r:id` and `id` alike). */
export function attribute(attributes: Record<string, string>, name: string): string | undefined {
  if (name in attributes) return attributes[name];
  for (const [key, value] of Object.entries(attributes)) if (localName(key) === name) return value;
  return undefined;
}
