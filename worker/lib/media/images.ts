import { type Dimensions, fourcc, shown } from "./dimensions";

/** PNG: the IHDR chunk, always first after the signature. */
export function pngDimensions(view: DataView): Dimensions | null {
  if (fourcc(view, 12) !== "IHDR") return null;
  return shown(view.getUint32(16), view.getUint32(20));
}

/** GIF: the logical screen size, little-endian after the six-byte signature. */
export function gifDimensions(view: DataView): Dimensions | null {
  if (fourcc(view, 0) !== "GIF8") return null;
  return shown(view.getUint16(6, true), view.getUint16(8, true));
}

/** WebP: the first chunk is lossy (VP8), lossless (VP8L) or extended (VP8X, whose canvas is what is shown). */
export function webpDimensions(view: DataView): Dimensions | null {
  if (fourcc(view, 0) !== "RIFF" || fourcc(view, 8) !== "WEBP") return null;
  switch (fourcc(view, 12)) {
    case "VP8 ": {
      // A key frame: a 3-byte frame tag, the start code 9D 01 2A, then 14-bit sizes (2 bits of scaling above).
      if (view.getUint8(23) !== 0x9d || view.getUint8(24) !== 0x01 || view.getUint8(25) !== 0x2a) return null;
      return shown(view.getUint16(26, true) & 0x3fff, view.getUint16(28, true) & 0x3fff);
    }
    case "VP8L": {
      if (view.getUint8(20) !== 0x2f) return null;
      const bits = view.getUint32(21, true);
      return shown((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
    }
    case "VP8X": {
      const uint24 = (offset: number) => view.getUint8(offset) | (view.getUint8(offset + 1) << 8) | (view.getUint8(offset + 2) << 16);
      return shown(uint24(24) + 1, uint24(27) + 1);
    }
    default:
      return null;
  }
}
