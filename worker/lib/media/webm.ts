import { type Dimensions, MAX_CHILDREN, shown, type Span } from "./dimensions";

// WebM is Matroska's EBML: each element is a variable-length ID, a variable-length size (all ones: unknown,
// to the end of its parent), then its data. The size sits in Segment > Tracks > TrackEntry > Video.

const SEGMENT = 0x18538067;
const TRACKS = 0x1654ae6b;
const CLUSTER = 0x1f43b675;
const TRACK_ENTRY = 0xae;
const TRACK_TYPE = 0x83;
const VIDEO = 0xe0;
const PIXEL_WIDTH = 0xb0;
const PIXEL_HEIGHT = 0xba;
const VIDEO_TRACK = 1;

interface Element extends Span {
  id: number;
  /** False when the bytes at hand stop before the element does. */
  whole: boolean;
}

/** A variable-length integer: its value (the ID keeps its length marker, a size drops it) and its length. */
function vint(view: DataView, offset: number, keepMarker: boolean) {
  const first = view.getUint8(offset);
  if (first === 0) return null;
  const length = Math.clz32(first) - 23;
  const mask = 0xff >> length;
  let value = keepMarker ? first : first & mask;
  let unknown = (first & mask) === mask;
  for (let i = 1; i < length; i++) {
    const byte = view.getUint8(offset + i);
    value = value * 256 + byte;
    unknown &&= byte === 0xff;
  }
  return { value, length, unknown };
}

function* elements(view: DataView, start: number, end: number): Generator<Element> {
  let offset = start;
  for (let count = 0; count < MAX_CHILDREN && offset < end; count++) {
    const id = vint(view, offset, true);
    if (!id || id.length > 4) return;
    const size = vint(view, offset + id.length, false);
    if (!size) return;
    const dataStart = offset + id.length + size.length;
    const dataEnd = size.unknown ? end : Math.min(dataStart + size.value, end);
    yield { id: id.value, start: dataStart, end: dataEnd, whole: size.unknown || dataStart + size.value <= end };
    offset = size.unknown ? end : dataStart + size.value;
  }
}

/** An unsigned integer element's value; NaN when it is cut short or longer than eight bytes. */
function unsigned(view: DataView, element: Element): number {
  if (!element.whole || element.end - element.start > 8) return Number.NaN;
  let value = 0;
  for (let i = element.start; i < element.end; i++) value = value * 256 + view.getUint8(i);
  return value;
}

export function webmDimensions(view: DataView): Dimensions | null {
  for (const segment of elements(view, 0, view.byteLength)) {
    if (segment.id !== SEGMENT) continue;
    for (const part of elements(view, segment.start, segment.end)) {
      // Tracks come before the first cluster; past it there is nothing more to learn.
      if (part.id === CLUSTER) return null;
      if (part.id !== TRACKS) continue;
      for (const entry of elements(view, part.start, part.end)) {
        const found = entry.id === TRACK_ENTRY ? videoTrackDimensions(view, entry) : null;
        if (found) return found;
      }
    }
    return null;
  }
  return null;
}

function videoTrackDimensions(view: DataView, entry: Element): Dimensions | null {
  let type = 0;
  let width = 0;
  let height = 0;
  for (const field of elements(view, entry.start, entry.end)) {
    if (field.id === TRACK_TYPE) type = unsigned(view, field);
    if (field.id !== VIDEO) continue;
    for (const setting of elements(view, field.start, field.end)) {
      if (setting.id === PIXEL_WIDTH) width = unsigned(view, setting);
      if (setting.id === PIXEL_HEIGHT) height = unsigned(view, setting);
    }
  }
  return type === VIDEO_TRACK ? shown(width, height) : null;
}
