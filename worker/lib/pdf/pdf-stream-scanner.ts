import {
  ascii85Decoder,
  asciiHexDecoder,
  flateDecoder,
  lzwDecoder,
  predictorDecoder,
  predictorRowBytes,
  runLengthDecoder,
  type Decoder,
  type PredictorParams,
} from "./pdf-decoders";
import { CannotFollow, dictionaryBefore, filterSteps, type FilterStep } from "./pdf-stream-dictionary";

/** The decoded bytes passed the cap. */
export class TooLarge extends Error {}

/**
 * Input handed to a decoder at a time: deflate makes at most ~1 MB of it (a few milliseconds, in one call), LZW ~3 MB,
 * before the budget looks again. With 4 KB, other requests' reads during a bomb's refusal took 10 times their usual
 * p95 (bench); with 512 bytes, no better than with 1 KB, and the refusal took a third longer.
 */
const STEP = 1024;
/** Work (bytes read and decoded) between two returns to the event loop. */
const YIELD_EVERY = 512 * 1024;
/** How far before a `stream` keyword its dictionary is looked for: most fit the first try, none is near the second. */
const LOOKBACK = [1024, 64 * 1024];
/** pdf.js reads streams inside an object stream's data; nesting deeper than this is no writer's. */
const MAX_DEPTH = 4;
/** A well-formed file has one stream open at a time; many at once means streams written inside each other. */
const MAX_OPEN = 64;
/** pdf.js sets aside a predictor's row before reading it; a megabyte is wider than any picture. */
const MAX_PREDICTOR_ROW = 1024 * 1024;

const KEYWORD = Uint8Array.from("stream", (c) => c.charCodeAt(0));
const isTokenEnd = (byte: number | undefined) => byte === undefined || /[\0\t\n\f\r ()<>[\]{}/%]/.test(String.fromCharCode(byte));

/**
 * What the scan may spend: every byte a decoder gives out counts against `cap` (each layer holds its own in pdf.js),
 * every byte a decoder or the dictionary reader takes in against `cap` too (streams written inside each other are
 * read more than once). Every YIELD_EVERY bytes of work, the scan lets other requests run, and stops if `signal` has aborted.
 */
export class Budget {
  decoded = 0;
  read = 0;
  private sinceYield = 0;
  private readonly cap: number;
  private readonly signal?: AbortSignal;

  constructor(cap: number, signal?: AbortSignal) {
    this.cap = cap;
    this.signal = signal;
  }

  spendDecoded(bytes: number) {
    this.decoded += bytes;
    this.sinceYield += bytes;
    if (this.decoded > this.cap) throw new TooLarge();
  }

  spendRead(bytes: number) {
    this.read += bytes;
    this.sinceYield += bytes;
    if (this.read > this.cap) throw new TooLarge();
  }

  /** Bytes looked through without decoding (the file itself): they take time, not memory. */
  scanned(bytes: number) {
    this.sinceYield += bytes;
  }

  async pace() {
    if (this.sinceYield < YIELD_EVERY) return;
    this.sinceYield = 0;
    // A timer, not a microtask: only a return to the event loop lets another request's I/O be answered meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 0));
    this.signal?.throwIfAborted();
  }
}

function decodersFor(steps: FilterStep[]): Decoder[] {
  const predicted = (decoder: Decoder, predictor: PredictorParams | null) => {
    if (!predictor) return [decoder];
    if (predictorRowBytes(predictor) > MAX_PREDICTOR_ROW) throw new TooLarge();
    return [decoder, predictorDecoder(predictor)];
  };
  return steps.flatMap((step): Decoder[] => {
    if (step.kind === "flate") return predicted(flateDecoder(), step.predictor);
    if (step.kind === "lzw") return predicted(lzwDecoder(step.earlyChange), step.predictor);
    if (step.kind === "runLength") return [runLengthDecoder()];
    if (step.kind === "ascii85") return [ascii85Decoder()];
    if (step.kind === "asciiHex") return [asciiHexDecoder()];
    return []; // a picture, always last: pdf.js decodes it only to draw it
  });
}

/** One stream from its `stream` keyword on: skips to the line's end as pdf.js does, then decodes layer by layer. */
class OpenStream {
  done = false;
  private skipping: "delimiter" | "line" | "carriage return" | null = "delimiter";
  private readonly decoders: Decoder[];
  private readonly inner: Source | null;
  private readonly budget: Budget;

  constructor(steps: FilterStep[], budget: Budget, depth: number) {
    this.budget = budget;
    this.decoders = decodersFor(steps);
    this.inner = steps.at(-1)?.kind === "picture" ? null : new Source(budget, depth + 1);
  }

  async push(piece: Uint8Array) {
    let at = 0;
    while (this.skipping && at < piece.length) {
      const byte = piece[at]!;
      if (this.skipping === "carriage return") {
        this.skipping = null;
        if (byte === 0x0a) at++;
        break;
      }
      if (this.skipping === "delimiter" && !isTokenEnd(byte)) return void (this.done = true); // "streamX" is another word
      at++;
      this.skipping = byte === 0x0a ? null : byte === 0x0d ? "carriage return" : "line";
    }
    if (!this.skipping && at < piece.length) await this.feed(0, piece.subarray(at));
  }

  private async feed(layer: number, input: Uint8Array): Promise<void> {
    const decoder = this.decoders[layer];
    if (!decoder) return this.inner?.push(input);
    for (let at = 0; at < input.length && !decoder.done; at += STEP) {
      const slice = input.subarray(at, at + STEP);
      this.budget.spendRead(slice.length);
      for (const output of decoder.decode(slice)) {
        this.budget.spendDecoded(output.length);
        await this.feed(layer + 1, output);
      }
      if (decoder.done) this.budget.spendDecoded(decoder.unseen);
      await this.budget.pace();
    }
    if (layer === 0 && decoder.done) this.done = true;
  }
}

/** Bytes in which streams are looked for: the file, or the data a stream decodes to (pdf.js reads objects in it). */
export class Source {
  private readonly budget: Budget;
  private readonly depth: number;
  private open: OpenStream[] = [];
  /** The last bytes seen, newest last, for the dictionary before a keyword. */
  private recent: Uint8Array[] = [];
  private recentLength = 0;

  constructor(budget: Budget, depth: number) {
    this.budget = budget;
    this.depth = depth;
  }

  async push(piece: Uint8Array) {
    for (const stream of this.open) if (!stream.done) await stream.push(piece);
    this.open = this.open.filter((stream) => !stream.done);
    for (const start of this.keywords(piece)) {
      const steps = this.stepsBefore(piece, start);
      // No filter, or a picture's only: pdf.js decodes nothing here for text, and these bytes are scanned as they are.
      if (!steps?.length || steps[0]!.kind === "picture") continue;
      if (this.depth >= MAX_DEPTH || this.open.length >= MAX_OPEN) throw new CannotFollow("streams written inside streams");
      const stream = new OpenStream(steps, this.budget, this.depth);
      await stream.push(piece.subarray(start + KEYWORD.length));
      if (!stream.done) this.open.push(stream);
    }
    this.remember(piece);
  }

  /**
   * Where `stream` starts as a word, relative to `piece` (negative when it began in the bytes before). Whether the
   * byte after it ends the word is checked here when the piece holds it, by the opened stream otherwise.
   */
  private *keywords(piece: Uint8Array) {
    const seen = this.bytesBefore(KEYWORD.length);
    const joined = new Uint8Array(seen.length + Math.min(piece.length, KEYWORD.length));
    joined.set(seen);
    joined.set(piece.subarray(0, joined.length - seen.length), seen.length);
    const isWord = (bytes: Uint8Array, at: number, before: number | undefined) =>
      KEYWORD.every((byte, i) => bytes[at + i] === byte) && isTokenEnd(before) && (at + 6 >= bytes.length || isTokenEnd(bytes[at + 6]));
    for (let at = 1; at < seen.length; at++) if (isWord(joined, at, joined[at - 1])) yield at - seen.length;
    for (let at = piece.indexOf(0x73); at >= 0; at = piece.indexOf(0x73, at + 1)) {
      if (isWord(piece, at, at > 0 ? piece[at - 1] : seen.at(-1))) yield at;
    }
  }

  /** The filters of the stream whose keyword starts at `start`, from the dictionary written before it. */
  private stepsBefore(piece: Uint8Array, start: number) {
    const available = this.recentLength + start;
    for (const lookback of LOOKBACK) {
      const before = this.bytesBefore(Math.min(lookback, available), piece, start);
      this.budget.spendRead(before.length);
      const entries = dictionaryBefore(before, (bytes) => this.budget.spendRead(bytes));
      if (entries === null) return null;
      if (entries !== "incomplete") return filterSteps(entries);
      if (before.length === available) break;
    }
    throw new CannotFollow("a stream whose dictionary could not be found");
  }

  /** The last `count` bytes before the piece, or, given the piece, before offset `end` of it (`end` < 0: before the piece). */
  private bytesBefore(count: number, piece?: Uint8Array, end = 0) {
    const parts = piece && end > 0 ? [...this.recent, piece.subarray(0, end)] : this.recent;
    let unwanted = Math.max(-end, 0);
    const taken: Uint8Array[] = [];
    for (let i = parts.length - 1, wanted = count; i >= 0 && wanted > 0; i--) {
      const part = parts[i]!.subarray(0, Math.max(0, parts[i]!.length - unwanted));
      unwanted -= parts[i]!.length - part.length;
      taken.unshift(part.subarray(Math.max(0, part.length - wanted)));
      wanted -= taken[0]!.length;
    }
    const joined = new Uint8Array(taken.reduce((sum, part) => sum + part.length, 0));
    taken.reduce((at, part) => (joined.set(part, at), at + part.length), 0);
    return joined;
  }

  private remember(piece: Uint8Array) {
    const kept = piece.length > LOOKBACK.at(-1)! ? piece.slice(-LOOKBACK.at(-1)!) : piece;
    this.recent.push(kept);
    this.recentLength += kept.length;
    while (this.recentLength - this.recent[0]!.length >= LOOKBACK.at(-1)!) this.recentLength -= this.recent.shift()!.length;
  }
}
