/** A picture's or a video's size as it is shown (after its rotation), in pixels. */
export interface Dimensions {
  width: number;
  height: number;
}

/** Larger than any real photo or video side; a header claiming more is hostile or broken. */
const MAX_SIDE = 1_000_000;

/**
 * The size a picture's header states, however large, turned a quarter when the file says it is shown rotated,
 * or null when a side is not a positive whole number. The pixel limit reads this; `plausible` filters it.
 */
export function stated(width: number, height: number, quarterTurn = false): Dimensions | null {
  const valid = (side: number) => Number.isInteger(side) && side > 0;
  if (!valid(width) || !valid(height)) return null;
  return quarterTurn ? { width: height, height: width } : { width, height };
}

/** The size, or null when a side is larger than any real photo or video has. */
export const plausible = (size: Dimensions | null): Dimensions | null =>
  size && size.width <= MAX_SIDE && size.height <= MAX_SIDE ? size : null;

/** The size a header states, turned a quarter when the file says it is shown rotated, or null when it is not a real size. */
export const shown = (width: number, height: number, quarterTurn = false): Dimensions | null =>
  plausible(stated(width, height, quarterTurn));

/**
 * Where a box's or an element's payload starts and ends in the bytes at hand, clamped to them (a truncated one is read
 * as far as it goes).
 */
export interface Span {
  start: number;
  end: number;
}

/** The most boxes or elements one walk over a parent reads, so that a hostile file cannot keep it going. */
export const MAX_CHILDREN = 4096;

/** Four ASCII letters at `offset` (a box or chunk type). */
export const fourcc = (view: DataView, offset: number) =>
  String.fromCharCode(view.getUint8(offset), view.getUint8(offset + 1), view.getUint8(offset + 2), view.getUint8(offset + 3));
