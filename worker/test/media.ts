// Minimal real files, built byte by byte for the tests: each carries the headers a decoder reads for its size.

export function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
}

const bytes = (...values: number[]) => Uint8Array.from(values);
const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
const u16 = (n: number, little = false) => (little ? bytes(n & 0xff, n >>> 8) : bytes(n >>> 8, n & 0xff));
const u32 = (n: number, little = false) => {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, n, little);
  return out;
};

export const box = (type: string, ...payload: Uint8Array[]) => {
  const body = concat(...payload);
  return concat(u32(8 + body.byteLength), ascii(type), body);
};
const fullBox = (type: string, version: number, flags: number, ...payload: Uint8Array[]) =>
  box(type, bytes(version, (flags >>> 16) & 0xff, (flags >>> 8) & 0xff, flags & 0xff), ...payload);

export function png(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Uint8Array) => concat(u32(data.byteLength), ascii(type), data, u32(0));
  return concat(
    bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a),
    chunk("IHDR", concat(u32(width), u32(height), bytes(8, 6, 0, 0, 0))),
    chunk("IEND", new Uint8Array()),
  );
}

/** CRC-32 (ISO 3309, the polynomial PNG names), over a chunk's type and data. */
function crc32(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * A PNG that is only its header: the signature, an IHDR claiming `width` × `height` (8-bit RGBA) and IEND, each
 * chunk with its real CRC: 45 bytes that a decoder would trust for a picture of any size.
 */
export function hugePng(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Uint8Array) => concat(u32(data.byteLength), ascii(type), data, u32(crc32(concat(ascii(type), data))));
  return concat(
    bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a),
    chunk("IHDR", concat(u32(width), u32(height), bytes(8, 6, 0, 0, 0))),
    chunk("IEND", new Uint8Array()),
  );
}

/** A BMP's file header and 40-byte info header (24 bits a pixel), without its rows; a negative height runs them top-down. */
export function bmp(width: number, height: number, options: { topDown?: boolean } = {}): Uint8Array {
  const int32 = (n: number) => {
    const out = new Uint8Array(4);
    new DataView(out.buffer).setInt32(0, n, true);
    return out;
  };
  const info = concat(
    u32(40, true),
    int32(width),
    int32(options.topDown ? -height : height),
    u16(1, true),
    u16(24, true),
    new Uint8Array(24),
  );
  return concat(ascii("BM"), u32(14 + info.byteLength, true), u32(0), u32(14 + info.byteLength, true), info);
}

/**
 * A JPEG with an optional Exif orientation (in either byte order) and a progressive or baseline frame header;
 * `exifFirst` leaves out the JFIF segment, so the Exif one comes first, as cameras write it.
 */
export function jpeg(
  width: number,
  height: number,
  options: { orientation?: number; littleEndian?: boolean; progressive?: boolean; exifFirst?: boolean } = {},
): Uint8Array {
  const segment = (marker: number, data: Uint8Array) => concat(bytes(0xff, marker), u16(data.byteLength + 2), data);
  const little = options.littleEndian ?? false;
  const exif =
    options.orientation === undefined
      ? new Uint8Array()
      : segment(
          0xe1,
          concat(
            ascii("Exif\0\0"),
            ascii(little ? "II" : "MM"),
            u16(42, little),
            u32(8, little),
            u16(2, little),
            concat(u16(0x010f, little), u16(2, little), u32(4, little), ascii("Cam\0")),
            concat(u16(0x0112, little), u16(3, little), u32(1, little), u16(options.orientation, little), u16(0)),
            u32(0, little),
          ),
        );
  const jfif = options.exifFirst ? new Uint8Array() : segment(0xe0, concat(ascii("JFIF\0"), bytes(1, 1, 0, 0, 1, 0, 1, 0, 0)));
  const frame = segment(
    options.progressive ? 0xc2 : 0xc0,
    concat(bytes(8), u16(height), u16(width), bytes(3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1)),
  );
  const huffman = segment(0xc4, bytes(0, 0, 1, ...new Array(15).fill(0), 0));
  const scan = segment(0xda, bytes(1, 1, 0, 0, 0x3f, 0));
  return concat(bytes(0xff, 0xd8), jfif, exif, huffman, frame, scan, bytes(0x12, 0x34), bytes(0xff, 0xd9));
}

export const gif = (width: number, height: number) =>
  concat(ascii("GIF89a"), u16(width, true), u16(height, true), bytes(0, 0, 0), bytes(0x3b));

const riff = (chunk: Uint8Array) => concat(ascii("RIFF"), u32(4 + chunk.byteLength, true), ascii("WEBP"), chunk);
const webpChunk = (type: string, data: Uint8Array) => concat(ascii(type), u32(data.byteLength, true), data);

export function webpLossy(width: number, height: number): Uint8Array {
  return riff(webpChunk("VP8 ", concat(bytes(0x30, 0x01, 0x00, 0x9d, 0x01, 0x2a), u16(width, true), u16(height, true), new Uint8Array(8))));
}

export function webpLossless(width: number, height: number): Uint8Array {
  const bits = ((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14);
  return riff(webpChunk("VP8L", concat(bytes(0x2f), u32(bits >>> 0, true), new Uint8Array(4))));
}

export function webpExtended(width: number, height: number): Uint8Array {
  const u24 = (n: number) => bytes(n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff);
  return riff(concat(webpChunk("VP8X", concat(bytes(0x10, 0, 0, 0), u24(width - 1), u24(height - 1))), webpChunk("ALPH", bytes(0, 0))));
}

/** An AVIF whose first property is a thumbnail's size, so only the primary item's associations find the right one. */
export function avif(width: number, height: number, options: { rotation?: 0 | 1 | 2 | 3 } = {}): Uint8Array {
  const ispe = (w: number, h: number) => fullBox("ispe", 0, 0, u32(w), u32(h));
  const properties = [ispe(64, 48), ispe(width, height), ...(options.rotation === undefined ? [] : [box("irot", bytes(options.rotation))])];
  const primaryIndexes = options.rotation === undefined ? [2] : [2, 3];
  const ipma = fullBox(
    "ipma",
    0,
    0,
    u32(2),
    u16(2),
    bytes(1, 0x81),
    u16(1),
    bytes(primaryIndexes.length, ...primaryIndexes.map((i) => 0x80 | i)),
  );
  const meta = fullBox(
    "meta",
    0,
    0,
    fullBox("hdlr", 0, 0, u32(0), ascii("pict"), new Uint8Array(13)),
    fullBox("pitm", 0, 0, u16(1)),
    box("iprp", box("ipco", ...properties), ipma),
  );
  return concat(box("ftyp", ascii("avif"), u32(0), ascii("mif1avif")), meta, box("mdat", new Uint8Array(16)));
}

const IDENTITY = [0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000];
const ROTATIONS: Record<number, number[]> = {
  0: IDENTITY,
  90: [0, 0x10000, 0, -0x10000, 0, 0, 0, 0, 0x40000000],
  180: [-0x10000, 0, 0, 0, -0x10000, 0, 0, 0, 0x40000000],
  270: [0, -0x10000, 0, 0x10000, 0, 0, 0, 0, 0x40000000],
};

function track(handler: string, width: number, height: number, rotation: number, version: 0 | 1, codedSize = { width, height }) {
  const int32 = (n: number) => u32(n >>> 0);
  const times = version === 1 ? new Uint8Array(16) : new Uint8Array(8);
  const tkhd = fullBox(
    "tkhd",
    version,
    3,
    times,
    u32(1),
    u32(0),
    version === 1 ? new Uint8Array(8) : u32(0),
    new Uint8Array(8),
    u16(0),
    u16(0),
    u16(0),
    u16(0),
    ...ROTATIONS[rotation]!.map(int32),
    u32(width * 0x10000),
    u32(height * 0x10000),
  );
  const hdlr = fullBox("hdlr", 0, 0, u32(0), ascii(handler), new Uint8Array(12), bytes(0));
  const entry = box("avc1", new Uint8Array(6), u16(1), new Uint8Array(16), u16(codedSize.width), u16(codedSize.height), new Uint8Array(50));
  const stbl = box("stbl", fullBox("stsd", 0, 0, u32(1), entry));
  return box("trak", tkhd, box("mdia", fullBox("mdhd", 0, 0, new Uint8Array(20)), hdlr, box("minf", stbl)));
}

export interface MovieOptions {
  rotation?: 0 | 90 | 180 | 270;
  /** Where the `moov` box goes: before the media data (web-optimised) or after it (as phones record). */
  moov?: "first" | "last";
  mediaBytes?: Uint8Array;
  brand?: "isom" | "qt  ";
  version?: 0 | 1;
  /** A track header that leaves the size at zero, as some muxers write. */
  zeroTrackHeader?: boolean;
}

function movieBoxes(width: number, height: number, options: MovieOptions) {
  const ftyp = box("ftyp", ascii(options.brand ?? "isom"), u32(0x200), ascii("isomiso2mp41"));
  const rotation = options.rotation ?? 0;
  const video = options.zeroTrackHeader
    ? track("vide", 0, 0, rotation, options.version ?? 0, { width, height })
    : track("vide", width, height, rotation, options.version ?? 0);
  const moov = box("moov", fullBox("mvhd", 0, 0, new Uint8Array(96)), track("soun", 0, 0, 0, 0), video);
  return { ftyp, moov };
}

/** An MP4 (or QuickTime) file with a sound track first, then the video track. */
export function movie(width: number, height: number, options: MovieOptions = {}): Uint8Array {
  const { ftyp, moov } = movieBoxes(width, height, options);
  const mdat = box("mdat", options.mediaBytes ?? new Uint8Array(64));
  return options.moov === "first" ? concat(ftyp, moov, mdat) : concat(ftyp, box("free"), mdat, moov);
}

/** Media data for a large test movie: bytes `start` to `start + length` of a pattern whose every byte depends on its position. */
export const patternBytes = (length: number, start = 0) => {
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) out[i] = patternByte(start + i);
  return out;
};
export const patternByte = (position: number) => (position * 31 + 7 + (position >>> 8)) & 0xff;

/**
 * A phone's recording (moov after the media data) in parts, for a test to stream without holding it: the boxes
 * up to the media data, whose `mediaLength` bytes the caller streams (`patternBytes`), then the moov box.
 */
export function phoneMovieParts(width: number, height: number, mediaLength: number, options: MovieOptions = {}) {
  const { ftyp, moov } = movieBoxes(width, height, options);
  return { head: concat(ftyp, box("free"), u32(8 + mediaLength), ascii("mdat")), mediaLength, tail: moov };
}

const ebmlId = (id: number) =>
  id > 0xffffff ? u32(id) : id > 0xffff ? bytes(id >>> 16, (id >>> 8) & 0xff, id & 0xff) : id > 0xff ? u16(id) : bytes(id);
/** An element with an 8-byte size field, as muxers that patch sizes later write it. */
const element = (id: number, ...data: Uint8Array[]) => {
  const body = concat(...data);
  const size = new Uint8Array(8);
  new DataView(size.buffer).setUint32(4, body.byteLength);
  size[0] = 0x01;
  return concat(ebmlId(id), size, body);
};
const uint = (id: number, value: number) => concat(ebmlId(id), bytes(0x82), u16(value));

/** A WebM with an audio track first, then the video track; the Segment's size is unknown, as live recorders write it. */
export function webm(width: number, height: number): Uint8Array {
  const header = element(0x1a45dfa3, concat(ebmlId(0x4282), bytes(0x84), ascii("webm")));
  const audio = element(0xae, uint(0xd7, 1), uint(0x83, 2), element(0xe1, uint(0x9f, 2)));
  const video = element(0xae, uint(0xd7, 2), uint(0x83, 1), element(0xe0, uint(0xb0, width), uint(0xba, height)));
  const info = element(0x1549a966, uint(0x2ad7b1, 1000));
  const segment = concat(
    ebmlId(0x18538067),
    bytes(0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff),
    info,
    element(0x1654ae6b, audio, video),
    element(0x1f43b675, uint(0xe7, 0)),
  );
  return concat(header, segment);
}
