import { type Dimensions, stated } from "./dimensions";

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic); C4, C8 and CC share the range but are not frames. */
const START_OF_FRAME = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);
const EXIF_ORIENTATION_TAG = 0x0112;
const MAX_IFD_ENTRIES = 512;

/**
 * Reads the frame size from the first SOF segment. EXIF orientations 5 to 8 turn the picture a quarter, and
 * browsers show it turned, so width and height swap.
 */
export function jpegDimensions(view: DataView): Dimensions | null {
  if (view.getUint16(0) !== 0xffd8) return null;
  let orientation = 1;
  let offset = 2;
  // Every step moves forward by at least one byte, so the walk ends within the bytes given.
  while (offset + 4 <= view.byteLength) {
    if (view.getUint8(offset) !== 0xff) {
      offset++;
      continue;
    }
    const marker = view.getUint8(offset + 1);
    if (marker === 0xff) {
      offset++;
      continue;
    }
    if (marker === 0x01 || marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    // Image data or the end of the image before any frame header: there is no size to read.
    if (marker === 0xda || marker === 0xd9) return null;
    const length = view.getUint16(offset + 2);
    if (length < 2) return null;
    const segment = offset + 4;
    if (START_OF_FRAME.has(marker)) return stated(view.getUint16(segment + 3), view.getUint16(segment + 1), orientation >= 5);
    if (marker === 0xe1) orientation = exifOrientation(view, segment, segment + length - 2) ?? orientation;
    offset += 2 + length;
  }
  return null;
}

/** The Orientation tag of an APP1 Exif segment's first IFD, or null when the segment is not Exif or is broken. */
function exifOrientation(view: DataView, start: number, end: number): number | null {
  try {
    if (end - start < 14 || view.getUint32(start) !== 0x45786966 || view.getUint16(start + 4) !== 0) return null;
    const tiff = start + 6;
    const order = view.getUint16(tiff);
    if (order !== 0x4949 && order !== 0x4d4d) return null;
    const little = order === 0x4949;
    if (view.getUint16(tiff + 2, little) !== 42) return null;
    const ifd = tiff + view.getUint32(tiff + 4, little);
    if (ifd + 2 > end) return null;
    const count = Math.min(view.getUint16(ifd, little), MAX_IFD_ENTRIES);
    for (let i = 0; i < count; i++) {
      const entry = ifd + 2 + i * 12;
      if (entry + 12 > end) return null;
      if (view.getUint16(entry, little) !== EXIF_ORIENTATION_TAG) continue;
      const value = view.getUint16(entry + 8, little);
      return value >= 1 && value <= 8 ? value : null;
    }
    return null;
  } catch {
    return null;
  }
}
