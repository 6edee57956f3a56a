// Decompression bombs for tests and the bench, made in milliseconds whatever the size they inflate to: compressing
// gigabytes of zeros at test time would take minutes.
import { zlibSync } from "fflate";
import { pdfWithContents, streamObject, textContent } from "./pdf";

export const GB = 1024 ** 3;

/** Bits packed least significant first into bytes that start as zeros, as deflate writes them; zeros are skipped, not written. */
export class Bits {
  private at = 0;
  private readonly bytes: Uint8Array;

  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
  }

  number(value: number, count: number) {
    for (let i = 0; i < count; i++, this.at++) if ((value >> i) & 1) this.bytes[this.at >> 3]! |= 1 << (this.at & 7);
    return this;
  }

  /** A Huffman code, whose bits go most significant first. */
  code(code: string) {
    for (const bit of code) this.number(Number(bit), 1);
    return this;
  }

  zeros(count: number) {
    this.at += count;
    return this;
  }
}

// One dynamic Huffman block, final. Its literal/length code: 285 (a copy of 258 bytes) "0", literal 0 "10", end of
// block "11"; its distance code: distance 1 "0" (and 2, "1", so the code is complete). The code lengths are sent with
// the code-length code 18 (a run of zeros) "0", length 1 "10", length 2 "11".
const CODE_LENGTH_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1];
const CODE_LENGTH_BITS: Record<number, number> = { 18: 1, 1: 2, 2: 2 };
const HEADER_BITS = 3 + 5 + 5 + 4 + CODE_LENGTH_ORDER.length * 3 + 2 + 2 * 8 + 2 + 8 + 2 + 2 + 2;
const COPY = 258;

function blockHeader(bits: Bits) {
  bits.number(1, 1).number(2, 2); // BFINAL, BTYPE = dynamic
  bits
    .number(286 - 257, 5)
    .number(2 - 1, 5)
    .number(CODE_LENGTH_ORDER.length - 4, 4);
  for (const symbol of CODE_LENGTH_ORDER) bits.number(CODE_LENGTH_BITS[symbol] ?? 0, 3);
  const zeros = (run: number) => bits.code("0").number(run - 11, 7);
  bits.code("11"); // literal 0: length 2
  zeros(138);
  zeros(117); // literals 1–255: unused
  bits.code("11"); // end of block: length 2
  zeros(28); // lengths 257–284: unused
  bits.code("10").code("10").code("10"); // length 285, distances 1 and 2: length 1
}

/**
 * A zlib stream that inflates to at least `size` zero bytes at deflate's best ratio (about 1,032 : 1): after its
 * header and one literal zero, each pair of zero bits is a 258-byte copy at distance 1, so the block's body is zero
 * bytes; 4 GB take about 4 MB.
 */
export function zerosZlib(size: number) {
  const copies = Math.ceil((size - 1) / COPY);
  const bodyBits = HEADER_BITS + 2 + 2 * copies + 2;
  const bytes = new Uint8Array(2 + Math.ceil(bodyBits / 8) + 4);
  bytes.set([0x78, 0xda]);
  const bits = new Bits(bytes.subarray(2));
  blockHeader(bits);
  bits
    .code("10")
    .zeros(2 * copies)
    .code("11");
  // Adler-32 of n zeros: its low half stays 1 and its high half counts the bytes.
  const inflated = 1 + copies * COPY;
  new DataView(bytes.buffer).setUint32(bytes.length - 4, ((inflated % 65521) << 16) | 1);
  return bytes;
}

/** The bytes a zlib stream of zeros made by `zerosZlib` inflates to. */
export const inflatedSize = (size: number) => 1 + Math.ceil((size - 1) / COPY) * COPY;

/** Zlib data compressed again `layers - 1` more times, for a /Filter of that many /FlateDecode. */
export function layeredZlib(size: number, layers = 1) {
  let data = zerosZlib(size);
  for (let layer = 1; layer < layers; layer++) data = zlibSync(data, { level: 9 });
  return data;
}

/**
 * A two-page PDF whose first page reads as usual and whose second page's content stream inflates to `size` bytes
 * through `layers` FlateDecode filters. pdf.js would inflate all of it to read the page's text.
 */
export function pdfBomb(size: number, layers = 1) {
  const filters = Array.from({ length: layers }, () => "/FlateDecode").join(" ");
  const bomb = streamObject(`/Filter [${filters}]`, layeredZlib(size, layers));
  return pdfWithContents([textContent(["Day 1", "09:00 Breakfast"]), bomb]);
}
