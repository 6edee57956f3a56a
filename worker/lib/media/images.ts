import { type Dimensions, fourcc, stated } from "./dimensions";

/** PNG: the IHDR chunk, always first after the signature. */
export function pngDimensions(view: DataView): Dimensions | null {
  if (fourcc(view, 12) !== "IHDR") return null;
  return stated(view.getUint32(16), view.getUint32(20));
}

/** GIF: the logical screen size, little-endian after the six-byte signature. */
export function gifDimensions(view: DataView): Dimensions | null {
  if (fourcc(view, 0) !== "GIF8") return null;
  return stated(view.getUint16(6, true), view.getUint16(8, true));
}

/** WebP: the first chunk is lossy (VP8), lossless (VP8L) or extended (VP8X, whose canvas is what is shown). */
export function webpDimensions(view: DataView): Dimensions | null {
  if (fourcc(view, 0) !== "RIFF" || fourcc(view, 8) !== "WEBP") return null;
  switch (fourcc(view, 12)) {
    case "VP8 ": {
      // A key frame: a 3-byte frame tag, the start code 9D 01 2A, then 14-bit sizes (2 bits of scaling above).
      if (view.getUint8(23) !== 0x9d || view.getUint8(24) !== 0x01 || view.getUint8(25) !== 0x2a) return null;
      return stated(view.getUint16(26, true) & 0x3fff, view.getUint16(28, true) & 0x3fff);
    }
    case "VP8L": {
      if (view.getUint8(20) !== 0x2f) return null;
      const bits = view.getUint32(21, true);
      return stated((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
    }
    case "VP8X": {
      const uint24 = (offset: number) => view.getUint8(offset) | (view.getUint8(offset + 1) << 8) | (view.getUint8(offset + 2) << 16);
      return stated(uint24(24) + 1, uint24(27) + 1);
    }
    default:
      return null;
  }
}

/**
 * BMP: the DIB header after the 14-byte file header; a 12-byte core header has 16-bit sizes, a later one
 * 32-bit signed ones, the height negative when the rows run top-down.
 */
export function bmpDimensions(view: DataView): Dimensions | null {
  if (fourcc(view, 0).slice(0, 2) !== "BM") return null;
  const header = view.getUint32(14, true);
  if (header === 12) return stated(view.getUint16(18, true), view.getUint16(20, true));
  if (header < 40) return null;
  return stated(view.getInt32(18, true), Math.abs(view.getInt32(22, true)));
}
