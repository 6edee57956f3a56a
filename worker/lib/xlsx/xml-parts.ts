import { SaxesParser } from "saxes";
import { type InflateBudget, streamEntryText } from "./inflate-entry";
import { notXlsx, XlsxError } from "./limits";
import type { ZipEntry } from "./zip-directory";

export interface XmlHandlers {
  /** An element opens; `name` without its namespace prefix (some writers use `x:row`). */
  open(name: string, attributes: Record<string, string>): void;
  close(name: string): void;
  text(text: string): void;
}

const localName = (name: string) => name.slice(name.indexOf(":") + 1);

/**
 * Streams one XML part of the workbook through saxes. A DOCTYPE is refused outright: SpreadsheetML never
 * has one, and refusing it rules out entity tricks. Handlers may throw an XlsxError to stop the read.
 */
export function readXmlPart(entry: ZipEntry, budget: InflateBudget, handlers: XmlHandlers): void {
  const parser = new SaxesParser();
  parser.on("doctype", () => {
    throw notXlsx(`DOCTYPE in ${entry.name}`);
  });
  parser.on("error", (error) => {
    throw error instanceof XlsxError ? error : notXlsx(`malformed XML in ${entry.name}`);
  });
  parser.on("opentag", (tag) => handlers.open(localName(tag.name), tag.attributes));
  parser.on("closetag", (tag) => handlers.close(localName(tag.name)));
  parser.on("text", handlers.text);
  parser.on("cdata", handlers.text);
  streamEntryText(entry, budget, (text) => {
    if (text) parser.write(text);
  });
  parser.close();
}

/** An attribute by its local name (`r:id` and `id` alike). */
export function attribute(attributes: Record<string, string>, name: string): string | undefined {
  if (name in attributes) return attributes[name];
  for (const [key, value] of Object.entries(attributes)) if (localName(key) === name) return value;
  return undefined;
}
