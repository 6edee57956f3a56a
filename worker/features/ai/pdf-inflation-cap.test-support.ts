// Encoders for the filters other than FlateDecode, written as a PDF writer does, to make readable streams and bombs.

/** LZW codes written most significant bit first, their width following the decoder's table as pdf.js grows it (early change 1). */
class LzwCodes {
  private readonly bytes: number[] = [];
  private bits = 0;
  private cached = 0;
  width = 9;
  private decoderNext = 258;
  private fresh = true;

  emit(code: number) {
    this.cached = (this.cached << this.width) | code;
    this.bits += this.width;
    while (this.bits >= 8) this.bytes.push((this.cached >>> (this.bits -= 8)) & 0xff);
    this.cached &= (1 << this.bits) - 1;
    if (code === 256) [this.width, this.decoderNext, this.fresh] = [9, 258, true];
    else if (this.fresh) this.fresh = false;
    else if (((++this.decoderNext + 1) & this.decoderNext) === 0) this.width = Math.min(Math.log2(this.decoderNext + 1) + 1, 12);
  }

  end() {
    this.emit(257);
    if (this.bits > 0) this.bytes.push((this.cached << (8 - this.bits)) & 0xff);
    return Uint8Array.from(this.bytes);
  }
}

/** `data` LZW-encoded: a clear code first and whenever the table nears 4,096 entries, the end-of-data code last. */
export function lzwEncode(data: Uint8Array) {
  const codes = new LzwCodes();
  let table = new Map<number, number>();
  let next = 258;
  codes.emit(256);
  let prefix = data[0]!;
  for (const byte of data.subarray(1)) {
    const known = table.get(prefix * 256 + byte);
    if (known !== undefined) {
      prefix = known;
      continue;
    }
    codes.emit(prefix);
    table.set(prefix * 256 + byte, next++);
    if (next === 4000) {
      codes.emit(256);
      [table, next] = [new Map(), 258];
    }
    prefix = byte;
  }
  codes.emit(prefix);
  return codes.end();
}

/**
 * LZW codes that decode to at least `size` zeros: each code one zero longer than the table's last entry until the
 * table is full, then its longest entry (3,839 zeros a 12-bit code) again and again.
 */
export function lzwZeros(size: number) {
  const codes = new LzwCodes();
  codes.emit(0);
  let decoded = 1;
  for (let code = 258; code < 4096 && decoded < size; code++) {
    codes.emit(code);
    decoded += code - 256;
  }
  for (; decoded < size; decoded += 3839) codes.emit(4095);
  return codes.end();
}

/** RunLengthDecode data of at least `size` zeros: 128 of them for every two bytes. */
export function runLengthZeros(size: number) {
  const runs = Math.ceil(size / 128);
  const bytes = new Uint8Array(runs * 2 + 1);
  for (let i = 0; i < runs; i++) bytes[i * 2] = 129;
  bytes[runs * 2] = 128;
  return bytes;
}

/** `data` in ASCII85, four zeros as 'z', ended by '~>'. */
export function ascii85(data: Uint8Array) {
  let text = "";
  for (let at = 0; at < data.length; at += 4) {
    const group = data.subarray(at, at + 4);
    if (group.length === 4 && group.every((byte) => byte === 0)) {
      text += "z";
      continue;
    }
    let value = [0, 1, 2, 3].reduce((sum, i) => sum * 256 + (group[i] ?? 0), 0);
    const chars: string[] = [];
    for (let i = 0; i < 5; i++, value = Math.floor(value / 85)) chars.unshift(String.fromCharCode((value % 85) + 33));
    text += chars.slice(0, group.length + 1).join("");
  }
  return Uint8Array.from(`${text}~>`, (char) => char.charCodeAt(0));
}

/** `data` in rows of `columns` bytes, each after PNG filter type 2 ("Up"): its bytes less those of the row above. */
export function pngUp(data: Uint8Array, columns: number) {
  const rows = Math.ceil(data.length / columns);
  const out = new Uint8Array(rows * (columns + 1));
  for (let row = 0; row < rows; row++) {
    out[row * (columns + 1)] = 2;
    for (let i = 0; i < columns; i++) {
      const [here, above] = [data[row * columns + i] ?? 0, row > 0 ? (data[(row - 1) * columns + i] ?? 0) : 0];
      out[row * (columns + 1) + 1 + i] = (here - above) & 0xff;
    }
  }
  return out;
}

export const bytesOf = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));
