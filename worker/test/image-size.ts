/** A PNG's or a JPEG's pixel size, read from its header bytes (IHDR; a JPEG's first SOF segment). */
export function imageSize(bytes: Uint8Array): { type: "png" | "jpeg"; width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0) === 0x89504e47) return { type: "png", width: view.getUint32(16), height: view.getUint32(20) };
  if (view.getUint16(0) !== 0xffd8) throw new Error("Neither a PNG nor a JPEG");
  for (let at = 2; at + 9 < bytes.length; at += 2 + view.getUint16(at + 2)) {
    const marker = view.getUint16(at);
    // SOF0 to SOF15, less DHT (C4), JPG (C8) and DAC (CC), which share the range.
    if (marker >= 0xffc0 && marker <= 0xffcf && ![0xffc4, 0xffc8, 0xffcc].includes(marker)) {
      return { type: "jpeg", width: view.getUint16(at + 7), height: view.getUint16(at + 5) };
    }
  }
  throw new Error("A JPEG without a frame header");
}
