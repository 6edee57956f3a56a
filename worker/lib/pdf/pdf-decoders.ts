import { Inflate } from "fflate";

/**
 * The stream filters pdf.js decodes, rewritten to hand what they decode over a piece at a time, so the inflation cap
 * (pdf-inflation-cap.ts) can count it and stop. Each follows pdf.js's own decoder (FlateStream, LZWStream,
 * RunLengthStream, Ascii85Stream, AsciiHexStream, PredictorStream in unpdf's bundled pdf.js): what is counted is what
 * pdf.js would produce from the same bytes, where it starts, where it stops and what it tolerates.
 */
export interface Decoder {
  /** What the next input bytes decode to, in order. */
  decode(input: Uint8Array): Uint8Array[];
  /** Set once the data's end is reached: the decoder takes nothing more, as pdf.js reads nothing more. */
  readonly done: boolean;
  /** Bytes pdf.js may have decoded that could not be seen here (a deflate stream failing mid-input): counted, unseen. */
  readonly unseen: number;
}

/** Deflate's most bytes out per byte in: a 258-byte copy in two bits. */
const DEFLATE_MAX_RATIO = 1032;

/** pdf.js reads a copy from before the start of the output as zeros; a zeroed 32 KB window does the same here. */
const ZERO_WINDOW = new Uint8Array(32_768);

/** Grows as bytes are appended, for decoders whose output per input byte is small. */
class Output {
  bytes = new Uint8Array(1024);
  length = 0;

  room(more: number) {
    if (this.length + more <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + more));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }

  push(byte: number) {
    this.room(1);
    this.bytes[this.length++] = byte;
  }

  take(): Uint8Array[] {
    const taken = this.bytes.subarray(0, this.length);
    this.bytes = new Uint8Array(1024);
    this.length = 0;
    return taken.length ? [taken] : [];
  }
}

/** fflate keeps its state in `s`: `f` marks the final block begun and `l` its code table, cleared at the block's end. */
const inflateEnded = (inflater: Inflate) => {
  const state = (inflater as unknown as { s: { f?: number; l?: unknown } }).s;
  return state.f === 1 && !state.l;
};

/** FlateDecode: a zlib header pdf.js accepts (it refuses a preset dictionary), then deflate data up to its final block. */
export function flateDecoder(): Decoder {
  const header: number[] = [];
  const pieces: Uint8Array[] = [];
  const inflater = new Inflate({ dictionary: ZERO_WINDOW }, (piece) => void (piece.length && pieces.push(piece)));
  const decoder = { done: false, unseen: 0, decode };
  function decode(input: Uint8Array) {
    let data = input;
    if (header.length < 2) {
      const taken = data.subarray(0, 2 - header.length);
      header.push(...taken);
      data = data.subarray(taken.length);
      const [cmf, flg] = header;
      if (cmf === undefined || flg === undefined) return [];
      if ((cmf & 0x0f) !== 8 || ((cmf << 8) + flg) % 31 !== 0 || flg & 0x20) decoder.done = true;
    }
    if (decoder.done || data.length === 0) return [];
    try {
      inflater.push(data);
    } catch {
      // pdf.js keeps what it inflated before the error; fflate drops the failing push's output, so its most is counted.
      decoder.done = true;
      decoder.unseen = data.length * DEFLATE_MAX_RATIO;
    }
    if (inflateEnded(inflater)) decoder.done = true;
    return pieces.splice(0);
  }
  return decoder;
}

const LZW_TABLE = 4096;

/** LZWDecode, as pdf.js's LZWStream: 9- to 12-bit codes, `earlyChange` (default 1) as /DecodeParms says. */
export function lzwDecoder(earlyChange: number): Decoder {
  const values = new Uint8Array(LZW_TABLE);
  const lengths = new Uint16Array(LZW_TABLE);
  const previous = new Uint16Array(LZW_TABLE);
  const sequence = new Uint8Array(LZW_TABLE);
  for (let code = 0; code < 256; code++) [values[code], lengths[code]] = [code, 1];
  let nextCode = 258;
  let codeLength = 9;
  let prevCode = 0;
  let sequenceLength = 0;
  let cached = 0;
  let bitsCached = 0;
  const output = new Output();
  const decoder = { done: false, unseen: 0, decode };
  function decode(input: Uint8Array) {
    for (const byte of input) {
      cached = ((cached << 8) | byte) & 0xfffff;
      bitsCached += 8;
      while (bitsCached >= codeLength && !decoder.done) {
        bitsCached -= codeLength;
        next((cached >>> bitsCached) & ((1 << codeLength) - 1));
      }
      if (decoder.done) break;
    }
    return output.take();
  }
  function next(code: number) {
    const hadSequence = sequenceLength > 0;
    if (code < 256) [sequence[0], sequenceLength] = [code, 1];
    else if (code >= 258 && code < nextCode) {
      sequenceLength = lengths[code]!;
      for (let i = sequenceLength - 1, c = code; i >= 0; i--, c = previous[c]!) sequence[i] = values[c]!;
    } else if (code >= 258) sequence[sequenceLength++] = sequence[0]!;
    else if (code === 256) return void ([codeLength, nextCode, sequenceLength] = [9, 258, 0]);
    else return void (decoder.done = true);
    // Past 4,096 entries pdf.js keeps counting codes and its writes fall outside its tables, as these do.
    if (hadSequence) {
      previous[nextCode] = prevCode;
      lengths[nextCode] = lengths[prevCode]! + 1;
      values[nextCode] = sequence[0]!;
      nextCode++;
      const size = nextCode + earlyChange;
      if ((size & (size - 1)) === 0) codeLength = Math.min((Math.log(size) / Math.LN2 + 1) | 0, 12);
    }
    prevCode = code;
    // A sequence one past the table's end ends in a zero in pdf.js too (its read falls outside the table).
    output.room(sequenceLength);
    output.bytes.set(sequence.subarray(0, sequenceLength), output.length);
    output.length += sequenceLength;
  }
  return decoder;
}

/** RunLengthDecode: a length byte, then that many + 1 bytes as they are (< 128) or one byte 257 − length times; 128 ends. */
export function runLengthDecoder(): Decoder {
  let length = -1;
  let literal = 0;
  const output = new Output();
  const decoder = { done: false, unseen: 0, decode };
  function decode(input: Uint8Array) {
    for (let i = 0; i < input.length && !decoder.done; i++) {
      const byte = input[i]!;
      if (literal > 0) {
        output.push(byte);
        literal--;
      } else if (length < 0) {
        length = byte;
        if (length === 128) decoder.done = true;
      } else if (length < 128) {
        output.push(byte);
        [literal, length] = [length, -1];
      } else {
        output.room(257 - length);
        for (let n = 257 - length; n > 0; n--) output.push(byte);
        length = -1;
      }
    }
    return output.take();
  }
  return decoder;
}

const isPdfJsWhiteSpace = (byte: number) => byte === 0x20 || byte === 0x09 || byte === 0x0d || byte === 0x0a;

/** ASCII85Decode: groups of five characters to four bytes, 'z' for four zeros, '~' ends; white space is skipped. */
export function ascii85Decoder(): Decoder {
  const group: number[] = [];
  const output = new Output();
  const decoder = { done: false, unseen: 0, decode };
  function flush(count: number) {
    while (group.length < 5) group.push(0x75);
    let value = 0;
    for (const char of group) value = value * 85 + (char - 33);
    const bytes = [0, 0, 0, 0];
    for (let i = 3; i >= 0; i--, value >>= 8) bytes[i] = value & 255;
    for (const byte of bytes.slice(0, count)) output.push(byte);
    group.length = 0;
  }
  function decode(input: Uint8Array) {
    for (let i = 0; i < input.length && !decoder.done; i++) {
      const char = input[i]!;
      if (isPdfJsWhiteSpace(char)) continue;
      if (char === 0x7e) {
        if (group.length > 0) flush(group.length - 1);
        decoder.done = true;
      } else if (char === 0x7a && group.length === 0) for (let n = 0; n < 4; n++) output.push(0);
      else if (group.push(char) === 5) flush(4);
    }
    return output.take();
  }
  return decoder;
}

const hexDigit = (char: number) =>
  char >= 0x30 && char <= 0x39 ? char & 15 : (char >= 0x41 && char <= 0x46) || (char >= 0x61 && char <= 0x66) ? (char & 15) + 9 : -1;

/** ASCIIHexDecode: two hex digits a byte, anything else skipped, '>' ends (a lone last digit is its high half). */
export function asciiHexDecoder(): Decoder {
  let high = -1;
  const output = new Output();
  const decoder = { done: false, unseen: 0, decode };
  function decode(input: Uint8Array) {
    for (let i = 0; i < input.length && !decoder.done; i++) {
      const digit = hexDigit(input[i]!);
      if (input[i] === 0x3e) {
        if (high >= 0) output.push(high << 4);
        decoder.done = true;
      } else if (digit >= 0 && high < 0) high = digit;
      else if (digit >= 0) {
        output.push((high << 4) | digit);
        high = -1;
      }
    }
    return output.take();
  }
  return decoder;
}

export interface PredictorParams {
  predictor: number;
  colors: number;
  bitsPerComponent: number;
  columns: number;
}

/** The bytes of one predicted row: pdf.js sets one aside for each row it reads, so its size is what the cap counts. */
export const predictorRowBytes = ({ colors, bitsPerComponent, columns }: PredictorParams) => (columns * colors * bitsPerComponent + 7) >> 3;

/**
 * The PNG predictors (10–15: a filter type byte, then a row) and TIFF predictor 2 on 8-bit components, as pdf.js's
 * PredictorStream undoes them; a row cut short by the data's end still yields a whole row, as in pdf.js.
 */
export function predictorDecoder(params: PredictorParams): Decoder {
  const rowBytes = predictorRowBytes(params);
  const pixBytes = (params.colors * params.bitsPerComponent + 7) >> 3;
  const png = params.predictor >= 10;
  const stride = png ? rowBytes + 1 : rowBytes;
  let row = new Uint8Array(stride);
  let filled = 0;
  let prior = new Uint8Array(rowBytes);
  const decoder = { done: false, unseen: 0, decode };
  function undo(raw: Uint8Array): Uint8Array | null {
    const out = new Uint8Array(rowBytes);
    if (!png) {
      for (let i = 0; i < rowBytes; i++) out[i] = (i < params.colors ? 0 : out[i - params.colors]!) + raw[i]!;
      return out;
    }
    const [type, data] = [raw[0], raw.subarray(1)];
    for (let i = 0; i < rowBytes; i++) {
      const [left, up, upLeft] = [i < pixBytes ? 0 : out[i - pixBytes]!, prior[i]!, i < pixBytes ? 0 : prior[i - pixBytes]!];
      if (type === 0) out[i] = data[i]!;
      else if (type === 1) out[i] = left + data[i]!;
      else if (type === 2) out[i] = up + data[i]!;
      else if (type === 3) out[i] = ((up + left) >> 1) + data[i]!;
      else if (type === 4) {
        const estimate = left + up - upLeft;
        const [toLeft, toUp, toUpLeft] = [Math.abs(estimate - left), Math.abs(estimate - up), Math.abs(estimate - upLeft)];
        out[i] = (toLeft <= toUp && toLeft <= toUpLeft ? left : toUp <= toUpLeft ? up : upLeft) + data[i]!;
      } else return null;
    }
    prior = out;
    return out;
  }
  function decode(input: Uint8Array) {
    const rows: Uint8Array[] = [];
    for (let i = 0; i < input.length && !decoder.done;) {
      const taken = Math.min(stride - filled, input.length - i);
      row.set(input.subarray(i, i + taken), filled);
      [filled, i] = [filled + taken, i + taken];
      if (filled < stride) break;
      const undone = undo(row);
      if (undone) rows.push(undone);
      else decoder.done = true;
      [row, filled] = [new Uint8Array(stride), 0];
    }
    return rows;
  }
  return decoder;
}
