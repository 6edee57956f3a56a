import type { PredictorParams } from "./pdf-decoders";

/**
 * What pdf.js would decode a stream with, read from the dictionary written before its `stream` keyword. The reading
 * is strict: where pdf.js could read the dictionary otherwise (a value given by reference, a comment near it, syntax
 * only a lenient reader accepts), it throws CannotFollow and the PDF is refused, never let through unread.
 */
export class CannotFollow extends Error {}

/** A stream filter pdf.js decodes for text; "picture" filters (JPEG, JPEG 2000, JBIG2, CCITT) it decodes only to draw. */
export type FilterStep =
  | { kind: "flate"; predictor: PredictorParams | null }
  | { kind: "lzw"; earlyChange: number; predictor: PredictorParams | null }
  | { kind: "runLength" | "ascii85" | "asciiHex" | "picture" };

type Value =
  | { kind: "name"; name: string }
  | { kind: "number"; value: number }
  | { kind: "ref" | "other" }
  | { kind: "array"; items: Value[] }
  | { kind: "dictionary"; entries: Map<string, Value> };

// pdf.js's white space (NUL, tab, line feed, form feed, carriage return, space) and delimiters.
const WHITE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set([...WHITE, ...Array.from("()<>[]{}/%", (c) => c.charCodeAt(0))]);
const MAX_DEPTH = 32;
/** A stream's dictionary has a few nested dictionaries at most; more `<<` to try before `stream` is not a PDF writer's. */
const MAX_CANDIDATES = 32;

function hex(byte: number | undefined) {
  if (byte === undefined) return -1;
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  const lower = byte | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x57 : -1;
}

/** A strict reader of PDF objects from `bytes`; `null` from `value()` means "not what a writer writes". */
class Reader {
  at: number;
  private readonly bytes: Uint8Array;

  constructor(bytes: Uint8Array, at: number) {
    this.bytes = bytes;
    this.at = at;
  }

  private peek(offset = 0) {
    return this.bytes[this.at + offset];
  }

  private skipWhite() {
    while (this.at < this.bytes.length && WHITE.has(this.bytes[this.at]!)) this.at++;
  }

  private regular() {
    const start = this.at;
    while (this.at < this.bytes.length && !DELIMITERS.has(this.bytes[this.at]!)) this.at++;
    return String.fromCharCode(...this.bytes.subarray(start, this.at));
  }

  value(depth = 0): Value | null {
    this.skipWhite();
    const byte = this.peek();
    if (byte === undefined || depth > MAX_DEPTH) return null;
    if (byte === 0x2f) return this.name();
    if (byte === 0x3c && this.peek(1) === 0x3c) return this.dictionary(depth);
    if (byte === 0x3c) return this.hexString();
    if (byte === 0x5b) return this.array(depth);
    if (byte === 0x28) return this.literalString();
    if (/[0-9+\-.]/.test(String.fromCharCode(byte))) return this.numberOrRef();
    const word = this.regular();
    return word === "true" || word === "false" || word === "null" ? { kind: "other" } : null;
  }

  /** A name, its #xx escapes decoded as pdf.js decodes them (a '#' not followed by two hex digits stays). */
  private name(): Value {
    this.at++;
    let name = "";
    while (this.at < this.bytes.length && !DELIMITERS.has(this.peek()!)) {
      const byte = this.bytes[this.at++]!;
      const [high, low] = [hex(this.peek()), hex(this.peek(1))];
      if (byte === 0x23 && high >= 0 && low >= 0) {
        name += String.fromCharCode((high << 4) | low);
        this.at += 2;
      } else name += String.fromCharCode(byte);
    }
    return { kind: "name", name };
  }

  private dictionary(depth: number): Value | null {
    this.at += 2;
    const entries = new Map<string, Value>();
    for (;;) {
      this.skipWhite();
      if (this.peek() === 0x3e && this.peek(1) === 0x3e) {
        this.at += 2;
        return { kind: "dictionary", entries };
      }
      const key = this.peek() === 0x2f ? this.name() : null;
      const value = key && this.value(depth + 1);
      if (!key || key.kind !== "name" || !value) return null;
      entries.set(key.name, value); // a repeated key: pdf.js keeps the last
    }
  }

  private array(depth: number): Value | null {
    this.at++;
    const items: Value[] = [];
    for (;;) {
      this.skipWhite();
      if (this.peek() === 0x5d) {
        this.at++;
        return { kind: "array", items };
      }
      const item = this.value(depth + 1);
      if (!item) return null;
      items.push(item);
    }
  }

  private hexString(): Value | null {
    for (this.at++; this.at < this.bytes.length; this.at++) {
      const byte = this.bytes[this.at]!;
      if (byte === 0x3e) return (this.at++, { kind: "other" });
      if (hex(byte) < 0 && !WHITE.has(byte)) return null;
    }
    return null;
  }

  private literalString(): Value | null {
    let depth = 0;
    for (; this.at < this.bytes.length; this.at++) {
      const byte = this.bytes[this.at]!;
      if (byte === 0x5c) this.at++;
      else if (byte === 0x28) depth++;
      else if (byte === 0x29 && --depth === 0) return (this.at++, { kind: "other" });
    }
    return null;
  }

  private numberOrRef(): Value | null {
    const text = this.regular();
    if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(text)) return null;
    const after = this.at;
    // `n g R`, an indirect reference: the value is elsewhere in the file.
    this.skipWhite();
    const generation = this.regular();
    this.skipWhite();
    if (/^\d+$/.test(text) && /^\d+$/.test(generation) && this.regular() === "R") return { kind: "ref" };
    this.at = after;
    return { kind: "number", value: Number(text) };
  }
}

const lineStart = (bytes: Uint8Array, at: number) => Math.max(bytes.lastIndexOf(0x0a, at), bytes.lastIndexOf(0x0d, at)) + 1;

/**
 * The dictionary ending right before `stream` at the end of `before`: null when no `>>` ends there (the word is not a
 * stream's keyword), "incomplete" when its `<<` may lie before `before` starts. Tries each `<<` from the nearest: a
 * nested dictionary, or one inside a string, never ends exactly there. `charge` is told the bytes each try reads.
 */
export function dictionaryBefore(before: Uint8Array, charge: (bytes: number) => void) {
  let end = before.length;
  while (end > 0 && WHITE.has(before[end - 1]!)) end--;
  if (end === 0) return null;
  if (before[end - 1] !== 0x3e || before[end - 2] !== 0x3e) {
    // pdf.js skips a comment between `>>` and `stream`, on a line of its own or after the `>>`: a '%' on an earlier
    // line could start one. (On the keyword's own line, a '%' would make the keyword part of a comment.)
    const onEarlierLine = before.subarray(end).some((byte) => byte === 0x0a || byte === 0x0d);
    if (onEarlierLine && before.subarray(lineStart(before, end - 1), end).includes(0x25)) {
      throw new CannotFollow("a comment before a stream keyword");
    }
    return null;
  }
  let tries = 0;
  for (let start = end - 2; (start = before.lastIndexOf(0x3c, start - 1)) >= 0;) {
    if (before[start + 1] !== 0x3c) continue;
    if (++tries > MAX_CANDIDATES) throw new CannotFollow("too many dictionaries before a stream keyword");
    const reader = new Reader(before.subarray(0, end), start);
    const found = reader.value();
    charge(reader.at - start);
    if (found?.kind !== "dictionary" || reader.at !== end) continue;
    // A comment on the dictionary's lines could hide a `<<` that is not one, or the real one.
    if (before.subarray(lineStart(before, start), end).includes(0x25)) throw new CannotFollow("a comment in a stream's dictionary");
    return found.entries;
  }
  return "incomplete" as const;
}

/** pdf.js's Dict.get(key, otherKey): the first key's value when it has one. */
const get = (entries: Map<string, Value>, key: string, otherKey?: string) =>
  entries.get(key) ?? (otherKey ? entries.get(otherKey) : undefined);

function integer(entries: Map<string, Value>, key: string, otherKey?: string) {
  const value = get(entries, key, otherKey);
  if (value === undefined) return undefined;
  if (value.kind === "number" && Number.isInteger(value.value) && value.value >= 0) return value.value;
  throw new CannotFollow(`a /${key} that is not a count`);
}

/** pdf.js's PredictorStream parameters, or null when it predicts nothing; "unsupported" makes pdf.js decode nothing. */
function predictorOf(parms: Value | null): PredictorParams | null | "unsupported" {
  if (parms?.kind !== "dictionary") return null;
  const predictor = integer(parms.entries, "Predictor") || 1;
  if (predictor <= 1) return null;
  if (predictor !== 2 && (predictor < 10 || predictor > 15)) return "unsupported";
  const params = {
    predictor,
    colors: integer(parms.entries, "Colors") || 1,
    bitsPerComponent: integer(parms.entries, "BPC", "BitsPerComponent") || 8,
    columns: integer(parms.entries, "Columns") || 1,
  };
  if (predictor === 2 && params.bitsPerComponent !== 8) throw new CannotFollow("a TIFF predictor on other than 8-bit components");
  return params;
}

const PICTURES = new Set(["DCT", "DCTDecode", "JPX", "JPXDecode", "JBIG2Decode", "CCF", "CCITTFaxDecode"]);

/** One filter as pdf.js's Parser.makeFilter builds it: a step, null for one that passes its data on unchanged, "nothing" for NullStream. */
function step(name: string, parms: Value | null): FilterStep | null | "nothing" {
  if (name === "Fl" || name === "FlateDecode" || name === "LZW" || name === "LZWDecode") {
    if (parms?.kind === "ref") throw new CannotFollow("/DecodeParms given by reference");
    const predictor = predictorOf(parms);
    if (predictor === "unsupported") return "nothing";
    if (name === "Fl" || name === "FlateDecode") return { kind: "flate", predictor };
    const earlyChange = parms?.kind === "dictionary" ? integer(parms.entries, "EarlyChange") : undefined;
    return { kind: "lzw", earlyChange: earlyChange ?? 1, predictor };
  }
  if (name === "RL" || name === "RunLengthDecode") return { kind: "runLength" };
  if (name === "A85" || name === "ASCII85Decode") return { kind: "ascii85" };
  if (name === "AHx" || name === "ASCIIHexDecode") return { kind: "asciiHex" };
  if (PICTURES.has(name)) return { kind: "picture" };
  // No decoder here, and no bound on what pdf.js's own would make of a small stream.
  if (name === "BrotliDecode") throw new CannotFollow("a BrotliDecode stream");
  return null; // Crypt without encryption, and filters pdf.js does not know, pass the data on as it is
}

/** Whether `bytes` hold the name `/wanted`, however its letters are escaped (#xx), as pdf.js would read it. */
export function holdsName(bytes: Uint8Array, wanted: string) {
  for (let at = bytes.indexOf(0x2f); at >= 0; at = bytes.indexOf(0x2f, at + 1)) {
    const reader = new Reader(bytes.subarray(at, at + 3 * wanted.length + 1), 0);
    const name = reader.value();
    // The reading stops at the look's end: a name that goes on past it is longer than the one wanted.
    const after = bytes[at + reader.at];
    if (name?.kind === "name" && name.name === wanted && (after === undefined || DELIMITERS.has(after))) return true;
  }
  return false;
}

/** The filters pdf.js would apply to a stream with this dictionary, in order; empty when it decodes nothing. */
export function filterSteps(entries: Map<string, Value>): FilterStep[] {
  const filter = get(entries, "F", "Filter");
  const parms = get(entries, "DP", "DecodeParms") ?? null;
  if (filter?.kind === "ref") throw new CannotFollow("a stream's filters given by reference");
  const named: [string, Value | null][] =
    filter?.kind === "name"
      ? [[filter.name, parms]]
      : filter?.kind === "array"
        ? filter.items.map((item, i) => {
            if (item.kind !== "name") throw new CannotFollow("a filter that is not a name");
            return [item.name, parms?.kind === "array" ? (parms.items[i] ?? null) : null];
          })
        : [];
  const steps: FilterStep[] = [];
  for (const [name, itsParms] of named) {
    const made = step(name, itsParms);
    if (made === "nothing") return [];
    if (made && steps.at(-1)?.kind === "picture") throw new CannotFollow("a filter after a picture's");
    if (made) steps.push(made);
  }
  return steps;
}
