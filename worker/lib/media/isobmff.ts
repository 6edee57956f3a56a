import { type Dimensions, fourcc, MAX_CHILDREN, shown, type Span, stated } from "./dimensions";

// ISO base media files (MP4, QuickTime, AVIF) are trees of boxes: a 32-bit size (1: a 64-bit size follows,
// 0: to the end), a four-letter type, then the payload. Every walk here is bounded in count and in depth.

const MAX_ASSOCIATIONS = 4096;

interface Box extends Span {
  type: string;
}

/** The header of the box at `offset`: its type, header length and declared size (null when it cannot be a box). */
export function boxHeader(view: DataView, offset: number, limit: number): { type: string; header: number; size: number } | null {
  let size = view.getUint32(offset);
  let header = 8;
  if (size === 1) {
    size = Number(view.getBigUint64(offset + 8));
    header = 16;
  } else if (size === 0) {
    size = limit - offset;
  }
  if (size < header) return null;
  return { type: fourcc(view, offset + 4), header, size };
}

function* boxes(view: DataView, start: number, end: number): Generator<Box> {
  let offset = start;
  for (let count = 0; count < MAX_CHILDREN && offset + 8 <= end; count++) {
    const box = boxHeader(view, offset, end);
    if (!box) return;
    yield { type: box.type, start: offset + box.header, end: Math.min(offset + box.size, end) };
    offset += box.size;
  }
}

function child(view: DataView, parent: Span, type: string, skip = 0): Box | null {
  for (const box of boxes(view, parent.start + skip, parent.end)) if (box.type === type) return box;
  return null;
}

/** The first video track's presentation size in a `moov` payload, turned when its matrix rotates it a quarter. */
export function movieDimensions(view: DataView, moov: Span): Dimensions | null {
  for (const trak of boxes(view, moov.start, moov.end)) {
    if (trak.type !== "trak") continue;
    const found = trackDimensions(view, trak);
    if (found) return found;
  }
  return null;
}

function trackDimensions(view: DataView, trak: Box): Dimensions | null {
  const mdia = child(view, trak, "mdia");
  const hdlr = mdia && child(view, mdia, "hdlr");
  if (hdlr && fourcc(view, hdlr.start + 8) !== "vide") return null;
  const tkhd = child(view, trak, "tkhd");
  if (!tkhd) return null;
  const matrix = tkhd.start + (view.getUint8(tkhd.start) === 1 ? 52 : 40);
  // The matrix is [a b u; c d v; x y w]: a and d both zero means a quarter turn (90 or 270 degrees).
  const quarterTurn = view.getInt32(matrix) === 0 && view.getInt32(matrix + 16) === 0;
  const width = Math.round(view.getUint32(matrix + 36) / 0x10000);
  const height = Math.round(view.getUint32(matrix + 40) / 0x10000);
  return shown(width, height, quarterTurn) ?? (hdlr ? sampleEntryDimensions(view, mdia!, quarterTurn) : null);
}

/** The coded size of the track's first visual sample entry, for files whose track header leaves the size at zero. */
function sampleEntryDimensions(view: DataView, mdia: Box, quarterTurn: boolean): Dimensions | null {
  const minf = child(view, mdia, "minf");
  const stbl = minf && child(view, minf, "stbl");
  const stsd = stbl && child(view, stbl, "stsd");
  if (!stsd) return null;
  const entry = stsd.start + 8;
  return shown(view.getUint16(entry + 32), view.getUint16(entry + 34), quarterTurn);
}

/** MP4 and QuickTime held whole (or their head, when the `moov` box comes first). */
export function movieFileDimensions(view: DataView): Dimensions | null {
  for (const box of boxes(view, 0, view.byteLength)) if (box.type === "moov") return movieDimensions(view, box);
  return null;
}

/** AVIF: the primary item's `ispe` (image spatial extents) property, turned by its `irot` when it has one. */
export function avifDimensions(view: DataView): Dimensions | null {
  let meta: Box | null = null;
  for (const box of boxes(view, 0, view.byteLength)) if (box.type === "meta") meta = meta ?? box;
  if (!meta) return null;
  const iprp = child(view, meta, "iprp", 4);
  const ipco = iprp && child(view, iprp, "ipco");
  if (!iprp || !ipco) return null;
  const properties = [...boxes(view, ipco.start, ipco.end)];
  const pitm = child(view, meta, "pitm", 4);
  const ipma = child(view, iprp, "ipma");
  // With a primary item, only its own associations count: the first ispe may be a thumbnail's or an alpha plane's.
  const primary = pitm && ipma ? primaryProperties(view, ipma, pitm) : null;
  if (pitm && !primary) return null;
  const chosen = primary ? primary.flatMap((index) => properties[index - 1] ?? []) : properties;
  const ispe = chosen.find((p) => p.type === "ispe");
  if (!ispe) return null;
  const irot = chosen.find((p) => p.type === "irot");
  const angle = irot ? view.getUint8(irot.start) & 3 : 0;
  return stated(view.getUint32(ispe.start + 4), view.getUint32(ispe.start + 8), angle === 1 || angle === 3);
}

/** The 1-based `ipco` indexes the item-property association box gives the primary item. */
function primaryProperties(view: DataView, ipma: Box, pitm: Box): number[] | null {
  const itemId = view.getUint8(pitm.start) === 0 ? view.getUint16(pitm.start + 4) : view.getUint32(pitm.start + 4);
  const version = view.getUint8(ipma.start);
  const wideIndexes = (view.getUint8(ipma.start + 3) & 1) === 1;
  const entries = Math.min(view.getUint32(ipma.start + 4), MAX_ASSOCIATIONS);
  let offset = ipma.start + 8;
  for (let i = 0; i < entries && offset < ipma.end; i++) {
    const id = version < 1 ? view.getUint16(offset) : view.getUint32(offset);
    offset += version < 1 ? 2 : 4;
    const count = view.getUint8(offset++);
    const indexes: number[] = [];
    for (let j = 0; j < count; j++) {
      indexes.push(wideIndexes ? view.getUint16(offset) & 0x7fff : view.getUint8(offset) & 0x7f);
      offset += wideIndexes ? 2 : 1;
    }
    if (id === itemId) return indexes;
  }
  return null;
}
