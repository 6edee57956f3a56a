import { describe, expect, it } from "vitest";
import { Bits } from "@worker/test/pdf-bomb";
import {
  ascii85Decoder,
  asciiHexDecoder,
  flateDecoder,
  lzwDecoder,
  predictorDecoder,
  runLengthDecoder,
  type Decoder,
} from "./pdf-decoders";
import { ascii85, bytesOf, lzwEncode, pngUp } from "./pdf-inflation-cap.test-support";

/** Everything `decoder` makes of `input`, handed over `step` bytes at a time. */
function decoded(decoder: Decoder, input: Uint8Array, step = 3) {
  const out: number[] = [];
  for (let at = 0; at < input.length && !decoder.done; at += step)
    for (const piece of decoder.decode(input.subarray(at, at + step))) out.push(...piece);
  return Uint8Array.from(out);
}

const text = (bytes: Uint8Array) => String.fromCharCode(...bytes);

describe("the stream decoders, as pdf.js decodes", () => {
  it("LZWDecode: the PDF reference's example, 80 0B 60 50 22 0C 0C 85 01, is '-----A---B', and it stops at its end code", () => {
    const decoder = lzwDecoder(1);
    const out = decoded(decoder, Uint8Array.from([0x80, 0x0b, 0x60, 0x50, 0x22, 0x0c, 0x0c, 0x85, 0x01, 0x99, 0x99]));
    expect(text(out)).toBe("-----A---B");
    expect(decoder.done).toBe(true);
  });

  it("LZWDecode: reads back what a writer encodes, past the table's first clearing", () => {
    const agenda = bytesOf(Array.from({ length: 400 }, (_, i) => `${i}:00 Session ${i * 7} at the museum\n`).join(""));
    expect(text(decoded(lzwDecoder(1), lzwEncode(agenda), 4096))).toBe(text(agenda));
  });

  it("RunLengthDecode: literal runs, repeats, and 128 to end", () => {
    expect(text(decoded(runLengthDecoder(), Uint8Array.from([2, 0x61, 0x62, 0x63, 254, 0x78, 128, 0x7a])))).toBe("abcxxx");
  });

  it("ASCII85Decode: groups, 'z', a short last group, and '~' to end", () => {
    expect(text(decoded(ascii85Decoder(), bytesOf("9jqo^ z\nBl~>")))).toBe("Man \0\0\0\0i");
    expect(text(decoded(ascii85Decoder(), ascii85(bytesOf("Breakfast at nine"))))).toBe("Breakfast at nine");
  });

  it("ASCIIHexDecode: pairs of digits, anything else skipped, a lone last digit its high half", () => {
    expect(text(decoded(asciiHexDecoder(), bytesOf("48 65\n6c6C6f 4>")))).toBe("Hello@");
  });

  it("PNG predictors: each row undone against the one above", () => {
    const rows = bytesOf("stream rows of seven bytes each!!");
    const params = { predictor: 12, colors: 1, bitsPerComponent: 8, columns: 7 };
    expect(text(decoded(predictorDecoder(params), pngUp(rows, 7)).subarray(0, rows.length))).toBe(text(rows));
  });

  it("FlateDecode: a copy from before the output's start is zeros, as pdf.js reads it, and the decoder stops at the final block", () => {
    // One fixed-Huffman block: length 258 (code 285) at distance 1 with nothing written yet, then the end of the block.
    const block = new Uint8Array(4);
    new Bits(block).number(1, 1).number(1, 2).code("11000101").code("00000").code("0000000");
    const decoder = flateDecoder();
    const out = decoded(decoder, Uint8Array.from([0x78, 0x9c, ...block, 0xde, 0xad]), 64);
    expect(out).toEqual(new Uint8Array(258));
    expect(decoder.done).toBe(true);
  });

  it("FlateDecode: a header pdf.js refuses (a preset dictionary) decodes to nothing", () => {
    const decoder = flateDecoder();
    expect(decoded(decoder, Uint8Array.from([0x78, 0xbb, 0x01, 0x02]))).toEqual(new Uint8Array(0));
    expect(decoder.done).toBe(true);
  });
});
