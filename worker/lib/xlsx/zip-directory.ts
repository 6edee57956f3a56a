import { notXlsx, refuse } from "./limits";

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated; the reader knows no other. */
  method: number;
  /** The entry's compressed bytes, a view into the archive. */
  data: Uint8Array;
  /** What the archive claims the entry inflates to; only a hint, the inflater counts for itself. */
  declaredSize: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const EOCD_SIZE = 22;
const MAX_COMMENT = 0xffff;

/** True when the bytes start as a zip archive does (a local file header, or an empty archive's end record). */
const hasZipMagic = (bytes: Uint8Array) =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && ((bytes[2] === 3 && bytes[3] === 4) || (bytes[2] === 5 && bytes[3] === 6));

/**
 * The archive's entries by name, read from its central directory (the authoritative list: local headers
 * alone can hide or repeat entries). The archive is in memory, so each entry is a view the caller inflates
 * when, and only if, it needs it. ZIP64 and encrypted entries are refused: no .xlsx under 5 MB needs them.
 */
export function readZipDirectory(bytes: Uint8Array, maxEntries: number): Map<string, ZipEntry> {
  if (!hasZipMagic(bytes)) throw notXlsx("not a zip archive");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const eocd = findEndRecord(view);
  const count = view.getUint16(eocd + 10, true);
  const directorySize = view.getUint32(eocd + 12, true);
  let at = view.getUint32(eocd + 16, true);
  if (count === 0xffff || at === 0xffffffff) throw notXlsx("ZIP64 archive");
  if (count > maxEntries) throw refuse(/*i18n*/ "The file holds more than {max} parts; this is not a guest list", { max: maxEntries });
  if (at + directorySize > eocd) throw notXlsx("central directory out of bounds");

  const entries = new Map<string, ZipEntry>();
  for (let i = 0; i < count; i++) {
    if (at + 46 > eocd || view.getUint32(at, true) !== CENTRAL) throw notXlsx("bad central directory entry");
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const compressedSize = view.getUint32(at + 20, true);
    const declaredSize = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const next = at + 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const localHeader = view.getUint32(at + 42, true);
    if (next > eocd) throw notXlsx("central directory entry out of bounds");
    const name = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength));
    if (flags & 1) throw notXlsx("encrypted entry");
    entries.set(name, { name, method, data: entryData(view, bytes, localHeader, compressedSize), declaredSize });
    at = next;
  }
  return entries;
}

function findEndRecord(view: DataView): number {
  const lowest = Math.max(0, view.byteLength - EOCD_SIZE - MAX_COMMENT);
  for (let at = view.byteLength - EOCD_SIZE; at >= lowest; at--) if (view.getUint32(at, true) === EOCD) return at;
  throw notXlsx("no end of central directory");
}

function entryData(view: DataView, bytes: Uint8Array, localHeader: number, compressedSize: number): Uint8Array {
  if (localHeader + 30 > view.byteLength || view.getUint32(localHeader, true) !== LOCAL) throw notXlsx("bad local header");
  const start = localHeader + 30 + view.getUint16(localHeader + 26, true) + view.getUint16(localHeader + 28, true);
  if (start + compressedSize > view.byteLength) throw notXlsx("entry out of bounds");
  return bytes.subarray(start, start + compressedSize);
}
